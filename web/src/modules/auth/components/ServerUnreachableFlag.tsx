import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useAtomValue, useSetAtom } from 'jotai';
import { messages } from '@openyard/contracts';
import { bootstrapAttemptState } from '../../../app/states/bootstrapAttemptState';
import { serverUnreachableState } from '../../../app/states/serverUnreachableState';

// On the root path the unreachable state is a flag on the login page, not a modal (spec 1 §8).
export function ServerUnreachableFlag() {
  const unreachable = useAtomValue(serverUnreachableState);
  const retry = useSetAtom(bootstrapAttemptState);
  if (!unreachable) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconPlugConnectedX />}
      title={messages.serverUnreachableTitle}
      data-testid="server-unreachable"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{messages.serverUnreachable}</Text>
        <Button size="xs" variant="light" color="orange" onClick={() => retry((attempt) => attempt + 1)}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
