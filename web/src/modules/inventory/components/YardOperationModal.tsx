import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { AppModal } from '../../../ui/AppModal';

// The frame of the admin menu's dialogs: the form, the error (the spec's text, from the form's own
// check or from the server), Cancel and the action.
export function YardOperationModal({
  title,
  action,
  error,
  pending,
  onSubmit,
  onClose,
  children,
  testId,
}: {
  title: string;
  action: string;
  error: string | null;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <AppModal opened onClose={onClose} title={title} centered>
      <Stack gap="sm" data-testid={testId}>
        {children}
        {error && (
          <Alert color="red" variant="light" p="xs" data-testid="yard-operation-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onSubmit} loading={pending} data-testid="yard-operation-submit">
            {action}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
