// The words of the button that leaves a form: Cancel while there is something to cancel, Close
// once the form's work is done (the screen kit's dialogs, docs/screen-kit.md).
export const dismissLabel = (done: boolean): 'Cancel' | 'Close' => (done ? 'Close' : 'Cancel');
