import { ActionIcon, Alert, Button, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useAtom } from 'jotai';
import { AppModal } from '../../../ui/AppModal';
import { shownCredentialsState } from '../states/shownCredentialsState';

function CopyValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code fz="sm" p={6} style={{ flex: 1, userSelect: 'all', wordBreak: 'break-all' }} data-testid={testId}>
          {value}
        </Code>
        <CopyButton value={value} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'green' : 'gray'}
                onClick={copy}
                aria-label={`Copy ${label.toLowerCase()}`}
                data-testid={`${testId}-copy`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

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
