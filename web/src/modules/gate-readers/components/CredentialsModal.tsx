import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useAtom } from 'jotai';
import { AppModal } from '../../../ui/AppModal';
import { CopyValue } from '../../../ui/CopyValue';
import { shownCredentialsState } from '../states/shownCredentialsState';

// A device's MQTT login right after it was made or renewed: the server keeps only a hash, so this
// is the one chance to copy the password. The modal closes only on purpose.
export function CredentialsModal() {
  const [shown, setShown] = useAtom(shownCredentialsState);
  const close = () => setShown(null);
  return (
    <AppModal
      opened={shown !== null}
      onClose={close}
      title={shown?.title ?? 'Device credentials'}
      centered
      closeOnClickOutside={false}
      data-testid="credentials-modal"
    >
      {shown && (
        <Stack gap="sm">
          <Alert color="orange" variant="light" icon={<IconInfoCircle size={16} />} p="xs">
            The password is shown only once. Copy it now and configure it on the device; if it is lost, renew the
            credentials.
          </Alert>
          <CopyValue label="MQTT username" value={shown.credentials.mqttUsername} testId="credentials-username" />
          <CopyValue label="MQTT password" value={shown.credentials.mqttPassword} testId="credentials-password" />
          <Text size="xs" c="dimmed">
            The device connects with client id and username {shown.credentials.mqttUsername} and may publish only to its
            own topics.
          </Text>
          <Group justify="flex-end">
            <Button onClick={close} data-testid="credentials-close">
              I have copied it
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
