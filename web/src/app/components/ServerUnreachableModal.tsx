import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useAtom } from 'jotai';
import { useLocation } from 'react-router';
import { messages } from '@openyard/contracts';
import { AppModal } from '../../ui/AppModal';
import { serverUnreachableState } from '../states/serverUnreachableState';

// Off the root path an unreachable server is a modal (spec 1 §8); on '/' the login page shows a flag.
export function ServerUnreachableModal() {
  const [unreachable, setUnreachable] = useAtom(serverUnreachableState);
  const location = useLocation();
  const close = () => setUnreachable(false);
  return (
    <AppModal
      opened={unreachable && location.pathname !== '/'}
      onClose={close}
      title={messages.serverUnreachableTitle}
      centered
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon color="orange" variant="light" size="lg">
            <IconPlugConnectedX size={20} />
          </ThemeIcon>
          <Text size="sm">{messages.serverUnreachable}</Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
