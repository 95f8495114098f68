import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { AppModal } from '../../../ui/AppModal';

// A dialog that demands a reason before it goes on (spec 2 §2 purge, §4 force dispatch): empty,
// it says the spec's words and stays.
export function ReasonDialog({
  opened,
  title,
  text,
  requiredMessage,
  confirmLabel,
  testId,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  text?: string;
  requiredMessage: string;
  confirmLabel: string;
  testId: string;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onCancel();
  };
  const confirm = () => {
    if (reason.trim() === '') return setError(requiredMessage);
    const given = reason.trim();
    setReason('');
    setError(null);
    onConfirm(given);
  };
  return (
    <AppModal opened={opened} onClose={close} title={title} centered>
      <form
        data-testid={testId}
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <Stack gap="sm">
          {text && <Text size="sm">{text}</Text>}
          <Textarea
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                confirm();
              }
            }}
            error={error}
            autosize
            minRows={2}
            data-testid={`${testId}-reason`}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-testid={`${testId}-cancel`}>
              Cancel
            </Button>
            <Button type="submit" color="red" data-testid={`${testId}-ok`}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
