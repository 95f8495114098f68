import { useMemo, useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconDeviceTv, IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useAtomValue } from 'jotai';
import type { DisplayToken, DisplayTokenCreated } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import { confirmDialog } from '../../../ui/confirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { formatDateTime } from '../../../ui/formatDateTime';
import { useDisplayTokens } from '../hooks/useDisplayTokens';
import { useDisplayTokenWrites } from '../hooks/useDisplayTokenWrites';
import { DisplayTokenFormModal } from './DisplayTokenFormModal';
import { DisplayTokenShownModal } from './DisplayTokenShownModal';
import { DEVICE_ROLE_LABELS } from '../utils/deviceUrlOf';

// The Displays tab (admin and superadmin, issues 18 and 21): the wall displays' and kiosks' tokens,
// made here, shown once, revoked here (which signs the device out at once).
export function DisplayTokensTab({ canWrite }: { canWrite: boolean }) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const tokens = useDisplayTokens();
  const { revoke } = useDisplayTokenWrites();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<DisplayTokenCreated | null>(null);

  const columns = useMemo<ColumnDef<DisplayToken>[]>(() => {
    const onRevoke = async (token: DisplayToken) => {
      const confirmed = await confirmDialog({
        title: `Revoke the token of ${token.name}`,
        message: 'The display is signed out at once and its token stops working.',
        confirmLabel: 'Revoke',
        danger: true,
      });
      if (confirmed) revoke.mutate(token.id);
    };
    return [
      { id: 'name', header: 'Device', accessorFn: (token) => token.name },
      { id: 'role', header: 'Kind', accessorFn: (token) => DEVICE_ROLE_LABELS[token.role] },
      {
        id: 'state',
        header: 'State',
        accessorFn: (token) => (token.revokedAt === null ? 'Active' : 'Revoked'),
        cell: ({ row }) =>
          row.original.revokedAt === null ? (
            <Badge size="sm" variant="light" color="green">
              Active
            </Badge>
          ) : (
            <Badge size="sm" variant="light" color="gray">
              Revoked {formatDateTime(row.original.revokedAt, timeZone)}
            </Badge>
          ),
      },
      { id: 'lastUsed', header: 'Last used', accessorFn: (token) => formatDateTime(token.lastUsedAt, timeZone) },
      { id: 'created', header: 'Created', accessorFn: (token) => formatDateTime(token.createdAt, timeZone) },
      { id: 'createdBy', header: 'Created by', accessorFn: (token) => token.createdBy ?? '' },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) =>
          row.original.revokedAt === null && (
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              disabled={!canWrite}
              onClick={() => void onRevoke(row.original)}
              data-testid={`display-token-revoke-${row.original.id}`}
            >
              Revoke
            </Button>
          ),
      },
    ];
  }, [canWrite, revoke, timeZone]);

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={!canWrite}
          onClick={() => setAdding(true)}
          data-testid="display-tokens-add"
        >
          New device token
        </Button>
        <Text size="xs" c="dimmed">
          <IconDeviceTv size={14} style={{ verticalAlign: 'middle' }} /> A control room TV opens the wall display with a
          token of the read-only display role, a public kiosk with a kiosk token; never with a person&apos;s password.
        </Text>
      </Group>
      <DataTable
        columns={columns}
        rows={tokens.data ?? []}
        rowKey={(token) => String(token.id)}
        loading={tokens.isPending}
        error={tokens.error ? errorMessageOf(tokens.error) : null}
        onRetry={() => void tokens.refetch()}
        emptyText="No device tokens yet"
        dense
        minWidth={600}
        label="Display tokens"
        testId="display-tokens-table"
      />
      {adding && (
        <DisplayTokenFormModal
          onClose={() => setAdding(false)}
          onCreated={(made) => {
            setAdding(false);
            setCreated(made);
          }}
        />
      )}
      {created && <DisplayTokenShownModal created={created} onClose={() => setCreated(null)} />}
    </Stack>
  );
}
