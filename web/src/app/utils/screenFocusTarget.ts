// Where a newly opened screen's focus goes: `null` when focus is already where the user works (inside
// the screen or a dialog), 'wait' while the screen is still loading, else the screen's own choice
// (`data-autofocus`) or the screen region itself.
export function screenFocusTarget(main: HTMLElement, active: Element | null): HTMLElement | null | 'wait' {
  if (active && active !== document.body && (main.contains(active) || active.closest('[role="dialog"]'))) return null;
  if (main.querySelector('[data-page-loader]') || !main.querySelector('[data-screen]')) return 'wait';
  return main.querySelector<HTMLElement>('[data-screen] [data-autofocus]:not([disabled])') ?? main;
}
