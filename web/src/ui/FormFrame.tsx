import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { dismissLabel } from './dismissLabel';

export interface FormFrameProps {
  // The form's submit: `form.onSubmit(save)` of Mantine's useForm, or a handler of the caller's.
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  // A save is on its way: the submit button shows it and takes no second click.
  saving: boolean;
  // The refusal that names no field of the form (useFormSubmission puts the others on their field).
  error?: string | null;
  submitLabel?: string;
  submitIcon?: ReactNode;
  // Test ids: `${testId}` (the form), `${testId}-error`, `${testId}-cancel`, `${testId}-${submitName}`.
  testId: string;
  submitName?: string;
  // The submit is not possible yet (nothing changed, a check failed, done already).
  submitDisabled?: boolean;
  // Extra parts under the error (a success note, a warning).
  footer?: ReactNode;
  // Beside the buttons, on the left (a hint why the submit is not possible yet).
  aside?: ReactNode;
  cancelDisabled?: boolean;
  // The form's work is done (an archive run finished): nothing is left to cancel, so the button
  // that leaves reads Close, and the submit is not offered again.
  done?: boolean;
  children: ReactNode;
}

// What every form shares, in a dialog (FormModal) or in a panel of a screen: a real <form> (Enter in
// a field submits), the form-level error, Cancel and the submit button, disabled while saving.
// Fields are the children.
export function FormFrame({
  onSubmit,
  onCancel,
  saving,
  error = null,
  submitLabel = 'Save',
  submitIcon,
  testId,
  submitName = 'save',
  submitDisabled = false,
  footer,
  aside,
  cancelDisabled = false,
  done = false,
  children,
}: FormFrameProps) {
  return (
    <form
      noValidate
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        // A second Enter while saving sends nothing.
        if (saving || submitDisabled || done) return;
        onSubmit(event);
      }}
    >
      <Stack gap="sm">
        {children}
        {error && (
          <Alert color="red" p="xs" data-testid={`${testId}-error`}>
            {error}
          </Alert>
        )}
        {footer}
        <Group justify={aside ? 'space-between' : 'flex-end'} gap="xs" wrap="nowrap">
          {aside}
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" onClick={onCancel} disabled={cancelDisabled} data-testid={`${testId}-cancel`}>
              {dismissLabel(done)}
            </Button>
            <Button
              type="submit"
              leftSection={submitIcon}
              loading={saving}
              disabled={submitDisabled || done}
              data-testid={`${testId}-${submitName}`}
            >
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
