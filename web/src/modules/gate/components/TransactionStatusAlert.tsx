import { Alert, Loader } from '@mantine/core';
import type { TransactionStatus } from '../hooks/useTransactionStatus';

// The gate form's flow as the clerk sees it: in process, the success text, or the error text.
export function TransactionStatusAlert({ status, testId }: { status: TransactionStatus; testId: string }) {
  switch (status.kind) {
    case 'idle':
      return null;
    case 'working':
      return (
        <Alert color="blue" p="xs" icon={<Loader size={14} />} data-testid={`${testId}-working`}>
          In process…
        </Alert>
      );
    case 'success':
      return (
        <Alert color="green" p="xs" role="status" data-testid={`${testId}-success`}>
          {status.text}
        </Alert>
      );
    case 'error':
      return (
        <Alert color="red" p="xs" role="alert" data-testid={`${testId}-error`}>
          {status.text}
        </Alert>
      );
  }
}
