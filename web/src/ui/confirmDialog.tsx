import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messages } from '@openyard/contracts';

export interface ConfirmDialogOptions {
  title?: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}

// Resolves true when the user confirms; false on cancel, Escape or a click outside.
export function confirmDialog(options: ConfirmDialogOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: options.title ?? 'Please confirm',
      centered: true,
      children: <Text size="sm">{options.message ?? messages.confirmDelete}</Text>,
      labels: { confirm: options.confirmLabel ?? 'OK', cancel: options.cancelLabel ?? 'Cancel' },
      // The focus starts on the answer that loses nothing: Cancel before a deletion, else OK (not
      // on the close button, where Mantine's focus trap would put it).
      confirmProps: {
        color: options.danger ? 'red' : undefined,
        'data-testid': 'confirm-dialog-ok',
        'data-autofocus': options.danger ? undefined : true,
      },
      cancelProps: { 'data-testid': 'confirm-dialog-cancel', 'data-autofocus': options.danger ? true : undefined },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
