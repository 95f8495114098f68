import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useAtom } from 'jotai';
import { lockedFeatureState } from '../states/lockedFeatureState';

// The locked-enterprise-feature modal (spec 3 §2): an action this edition does not include.
export function LockedFeatureModal() {
  const [message, setMessage] = useAtom(lockedFeatureState);
  const close = () => setMessage(null);
  return (
    <Modal opened={message !== null} onClose={close} title="Enterprise feature" centered>
      <Stack gap="md" data-testid="locked-feature-modal">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon color="yellow" variant="light" size="lg">
            <IconLock size={20} />
          </ThemeIcon>
          <Text size="sm">{message}</Text>
        </Group>
        <Group justify="flex-end">
          <Button onClick={close}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
