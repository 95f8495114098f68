import type { ReactNode } from 'react';
import type { ModalProps } from '@mantine/core';
import { AppModal } from './AppModal';
import { FormFrame, type FormFrameProps } from './FormFrame';

export interface FormModalProps extends Omit<FormFrameProps, 'onCancel'> {
  title: ReactNode;
  onClose: () => void;
  opened?: boolean;
  size?: ModalProps['size'];
  withCloseButton?: boolean;
}

// The skeleton every form dialog shares: AppModal (focus on the first field when it opens and back
// on the opener when it closes, Esc closes) around FormFrame (a real <form>, Enter in a field
// submits, the form-level error, Cancel and the submit button, disabled while saving).
export function FormModal({ title, onClose, opened = true, size, withCloseButton, ...frame }: FormModalProps) {
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      {...(withCloseButton === undefined ? {} : { withCloseButton })}
    >
      <FormFrame {...frame} onCancel={onClose} />
    </AppModal>
  );
}
