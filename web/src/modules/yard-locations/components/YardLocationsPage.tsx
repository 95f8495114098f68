import { useState } from 'react';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { messages, routes, type YardLocation } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { confirmDialog } from '../../../ui/confirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { ListActionsToolbar } from '../../../ui/ListActionsToolbar';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useYardLocationColumns } from '../hooks/useYardLocationColumns';
import { useYardLocations } from '../hooks/useYardLocations';
import { useYardLocationsLive } from '../hooks/useYardLocationsLive';
import { useYardLocationWrites } from '../hooks/useYardLocationWrites';
import { yardLocationLayers } from '../utils/yardLocationLayers';
import { YardLocationFormModal } from './YardLocationFormModal';
import { YardLocationsMap } from './YardLocationsMap';

// /yard-locations (spec 3 §2 Yard Locations page): the yard's zones and the places tasks go to, as
// polygons on the yard map beside their list, kept live; the edit modal draws them. Drawing is the
// admins', from the catalogue's access. Machines are placed in the zones and task drops in the
// places (spec 3 §3) by the server.
export function YardLocationsPage() {
  const access = useScreenAccess({ write: routes.yardLocations.create.access });
  const list = useYardLocations();
  const refusal = useYardLocationsLive();
  const columns = useYardLocationColumns();
  const { save, remove } = useYardLocationWrites();
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ location: YardLocation | null } | null>(null);
  if (!access) return null;

  const locations = list.data ?? [];
  const selected = locations.find((location) => selectedKeys.includes(String(location.id))) ?? null;
  const edit = (location: YardLocation | null = selected) => {
    if (location) setEditing({ location });
  };
  const deleteLocation = async (location: YardLocation | null = selected) => {
    if (!location) return;
    const confirmed = await confirmDialog({
      title: 'Delete yard location',
      message: messages.confirmDeleteYardLocation(location.name),
      confirmLabel: 'Delete',
      danger: true,
    });
    if (confirmed) remove.mutate(location.id, { onSuccess: () => setSelectedKeys([]) });
  };

  return (
    <Stack gap="sm">
      <Group gap="md">
        <Title order={3}>Yard locations</Title>
        <Text size="sm" c="dimmed">
          Yard zones place the machines; task “to” locations are where tasks take containers.
        </Text>
      </Group>
      <LiveUnavailableNotice refusal={refusal} />
      <ListActionsToolbar
        testId="yard-locations"
        selectedCount={selected === null ? 0 : 1}
        readOnlyReason={access.readOnlyReason}
        onAdd={() => setEditing({ location: null })}
        onEdit={() => edit()}
        onDelete={() => void deleteLocation()}
        deleting={remove.isPending}
        reload={{ loading: list.isFetching, onReload: () => void list.refetch() }}
      />
      <Group align="stretch" gap="md" wrap="nowrap" h="calc(100vh - 230px)" mih={460}>
        <Box w={420} style={{ flex: 'none', overflow: 'auto' }}>
          <DataTable
            columns={columns}
            rows={locations}
            rowKey={(location) => String(location.id)}
            loading={list.isPending}
            error={list.error ? errorMessageOf(list.error) : null}
            onRetry={() => void list.refetch()}
            emptyText="No yard locations yet: add one and draw it on the map"
            selection={{ mode: 'single', selectedKeys, onChange: setSelectedKeys }}
            rowActions={
              access.canWrite
                ? {
                    open: { label: 'edit', run: (location) => edit(location) },
                    edit: (location) => edit(location),
                    delete: (location) => void deleteLocation(location),
                  }
                : undefined
            }
            dense
            label="Yard locations"
            testId="yard-locations-table"
          />
        </Box>
        <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <YardLocationsMap
            overlays={yardLocationLayers(locations, { idPrefix: 'locations', highlightId: selected?.id ?? null })}
            testId="yard-locations-map"
          />
        </Box>
      </Group>
      {editing && (
        <YardLocationFormModal
          location={editing.location}
          others={locations.filter((location) => location.id !== editing.location?.id)}
          save={save}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
