import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { DisplayTokenCreated } from '@openyard/contracts';
import { AppModal } from '../../../ui/AppModal';
import { CopyValue } from '../../../ui/CopyValue';
import { DEVICE_ROLE_LABELS, deviceUrlOf } from '../utils/deviceUrlOf';

// A display token right after it was made: the server keeps only its hash, so this is the one
// chance to copy it. The modal closes only on purpose.
export function DisplayTokenShownModal({ created, onClose }: { created: DisplayTokenCreated; onClose: () => void }) {
  const { role, name } = created.displayToken;
  return (
    <AppModal
      opened
      onClose={onClose}
      title={`${DEVICE_ROLE_LABELS[role]} token for ${name}`}
      centered
      size="lg"
      closeOnClickOutside={false}
      data-testid="display-token-shown"
    >
      <Stack gap="sm">
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={16} />} p="xs">
          The token is shown only once. Open the address below on the {role === 'kiosk' ? 'kiosk' : 'display'} (it signs
          in with the token, {role === 'kiosk' ? 'saves kiosk tasks and nothing else' : 'read-only'}, and takes it out
          of the address bar); if the token is lost, revoke it and make a new one.
        </Alert>
        <CopyValue
          label={role === 'kiosk' ? 'Kiosk address' : 'Wall address'}
          value={deviceUrlOf(window.location.origin, role, created.token)}
          testId="display-url"
        />
        <CopyValue label="Token" value={created.token} testId="display-token" />
        {role === 'display' && (
          <Text size="xs" c="dimmed">
            Add tiles=yard,gate,ocr,machines to choose the tiles and rotate=20 to show one at a time, 20 seconds each.
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="display-token-shown-close">
            I have copied it
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
