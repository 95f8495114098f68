import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { confirmDialog } from '../../../ui/confirmDialog';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { QrCode } from '../../../ui/QrCode';
import { useStatusLink } from '../hooks/useStatusLink';

// One gated-in container's status link on the gate slip or the containers screen (issue 21): the QR code a driver scans to see,
// without a login, the container's state and where it stands. Revoking (a lost slip) makes a new
// one at once; the old one then shows nothing.
export function StatusLinkSlip({ containerId, containerNumber }: { containerId: number; containerNumber: string }) {
  const { link, url, revoke } = useStatusLink(containerId);
  const onRevoke = async () => {
    if (!link.data) return;
    const confirmed = await confirmDialog({
      title: `Revoke the status link of ${containerNumber}`,
      message: 'The printed QR code stops working; a new one is shown to print.',
      confirmLabel: 'Revoke',
      danger: true,
    });
    if (confirmed) revoke.mutate(link.data.token);
  };
  return (
    <Group gap="md" wrap="nowrap" align="center" data-testid="gate-status-link" data-container={containerNumber}>
      {url ? (
        <QrCode value={url} size={112} label={`Status link of ${containerNumber}`} testId="gate-status-link-qr" />
      ) : link.error ? (
        <Alert color="red" p="xs">
          {errorMessageOf(link.error)}
        </Alert>
      ) : (
        <Loader size="sm" aria-label="Issuing the status link" />
      )}
      <Stack gap={2}>
        <Text fw={600} ff="monospace">
          {containerNumber}
        </Text>
        <Text size="sm">
          <IconQrcode size={14} style={{ verticalAlign: 'middle' }} /> Scan to see where your container is and when it
          is ready.
        </Text>
        {url && (
          <Anchor href={url} target="_blank" size="xs" c="dimmed" data-testid="gate-status-link-url">
            {url}
          </Anchor>
        )}
        <Group gap="xs" data-print-hide>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            disabled={!link.data || revoke.isPending}
            onClick={() => void onRevoke()}
            data-testid="gate-status-link-revoke"
          >
            Revoke link
          </Button>
        </Group>
      </Stack>
    </Group>
  );
}
