import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Group, Stack, type ModalProps } from '@mantine/core';
import { AppModal } from './AppModal';

export interface FormModalProps {
  title: ReactNode;
  onClose: () => void;
  // The form's submit: `form.onSubmit(save)` of Mantine's useForm, or a handler of the caller's.
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  // A save is on its way: the submit button shows it and takes no second click.
  saving: boolean;
  // The refusal that names no field of the form (useFormSubmission puts the others on their field).
  error?: string | null;
  submitLabel?: string;
  // Test ids: `${testId}-error`, `${testId}-cancel`, `${testId}-${submitName}`.
  testId: string;
  submitName?: string;
  // The submit is not possible yet (nothing changed, a check failed, done already).
  submitDisabled?: boolean;
  // Extra parts under the error (a success note, a warning).
  footer?: ReactNode;
  cancelDisabled?: boolean;
  opened?: boolean;
  size?: ModalProps['size'];
  withCloseButton?: boolean;
  children: ReactNode;
}

// The skeleton every form dialog shares: AppModal (focus on the first field when it opens and back
// on the opener when it closes, Esc closes), a real <form> (Enter in a field submits), the
// form-level error, Cancel and the submit button, disabled while saving. Fields are the children.
export function FormModal({
  title,
  onClose,
  onSubmit,
  saving,
  error = null,
  submitLabel = 'Save',
  testId,
  submitName = 'save',
  submitDisabled = false,
  footer,
  cancelDisabled = false,
  opened = true,
  size,
  withCloseButton,
  children,
}: FormModalProps) {
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      {...(withCloseButton === undefined ? {} : { withCloseButton })}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // A second Enter while saving sends nothing.
          if (saving || submitDisabled) return;
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
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={cancelDisabled} data-testid={`${testId}-cancel`}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={submitDisabled} data-testid={`${testId}-${submitName}`}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
