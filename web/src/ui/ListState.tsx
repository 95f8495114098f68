import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { listStateOf } from './listStateOf';

// The one loading / error / empty state of the lists (DataTable, card lists): a loader on the
// first load, the server's message with Retry on a failure, the list's own words when empty.
// Renders nothing once there are rows, except an error, which stays above the rows kept.
export function ListState({
  loading,
  error,
  count,
  emptyText = 'No records found',
  onRetry,
  testId,
}: {
  loading: boolean;
  error: string | null;
  count: number;
  emptyText?: string;
  onRetry?: () => void;
  testId: string;
}) {
  const state = listStateOf({ loading, error, count });
  if (error)
    return (
      <Alert color="red" icon={<IconAlertCircle size={16} />} data-testid={`${testId}-error`}>
        <Stack gap={6} align="flex-start">
          <Text size="sm">{error}</Text>
          {onRetry && (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              Retry
            </Button>
          )}
        </Stack>
      </Alert>
    );
  if (state === 'loading')
    return (
      <Center py="md" role="status" aria-live="polite">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  if (state === 'empty')
    return (
      <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
        {emptyText}
      </Text>
    );
  return null;
}
