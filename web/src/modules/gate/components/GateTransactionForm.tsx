import type { ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { WriteGuard } from '../../../ui/WriteGuard';
import type { TransactionStatus } from '../hooks/useTransactionStatus';
import { TransactionStatusAlert } from './TransactionStatusAlert';

// One gate transaction's form: its fields, the in-process / success / refusal line, and submit
// (Enter in any field, or Alt+S) and reset (Alt+R). The submit is a write behind the screen's
// access; the browser's own validation is off, the spec's rules answer instead.
export function GateTransactionForm({
  id,
  onSubmit,
  onReset,
  status,
  submitLabel,
  saving,
  readOnlyReason,
  testId,
  children,
}: {
  id: string;
  onSubmit: () => unknown;
  onReset: () => void;
  status: TransactionStatus;
  submitLabel: string;
  saving: boolean;
  readOnlyReason: string | null;
  testId: string;
  children: ReactNode;
}) {
  return (
    <form
      id={id}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      onReset={(event) => {
        event.preventDefault();
        onReset();
      }}
    >
      <Stack gap="xs">
        {children}
        <TransactionStatusAlert status={status} testId={`${testId}-status`} />
        <Group gap="xs" mt="sm">
          <WriteGuard reason={readOnlyReason}>
            <Button type="submit" loading={saving} data-testid={`${testId}-submit`}>
              {submitLabel}
            </Button>
          </WriteGuard>
          <Button type="reset" variant="default" data-testid={`${testId}-reset`}>
            Reset
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
