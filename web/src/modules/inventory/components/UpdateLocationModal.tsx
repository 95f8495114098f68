import { useState } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { locationUpdateItems } from '@openyard/contracts';
import { AppModal } from '../../../ui/AppModal';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { notifySuccess } from '../../../ui/notifySuccess';
import { useUpdateLocation } from '../hooks/useUpdateLocation';
import type { GridContainer, InventoryStore } from '../utils/InventoryStore';
import { slotName } from '../utils/slotName';
import type { YardGeometry } from '../utils/yardGeometry';

// Update Location (spec 1 §5, spec 2 §5): new area, row, column and height; the height defaults to
// the start height; nothing is sent when a part is missing or nothing changed ('Nothing to update').
export function UpdateLocationModal({
  container,
  geometry,
  store,
  slotFormat,
  startHeight,
  onClose,
}: {
  container: GridContainer;
  geometry: YardGeometry;
  store: InventoryStore;
  slotFormat: string;
  startHeight: number;
  onClose: () => void;
}) {
  const area = geometry.areasById.get(container.areaId);
  const current = area ? slotName(area, container.rowIndex, container.columnIndex, container.tier, slotFormat) : null;
  const [areaName, setAreaName] = useState<string | null>(area?.name ?? null);
  const target = areaName ? geometry.areasByName.get(areaName.toUpperCase()) : undefined;
  const [row, setRow] = useState<string | null>(
    area ? (area.rowNames[area.rowOrdinal.get(container.rowIndex) ?? -1] ?? null) : null,
  );
  const [column, setColumn] = useState<string | null>(
    area ? (area.columnNames[area.columnOrdinal.get(container.columnIndex) ?? -1] ?? null) : null,
  );
  const [height, setHeight] = useState<string | null>(area?.heightNames[container.tier - 1] ?? null);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateLocation(store);

  const submit = () => {
    const result = locationUpdateItems(
      [
        {
          containerId: container.containerId,
          number: container.number,
          previousLocation: current,
          area: areaName,
          row,
          column,
          height,
        },
      ],
      { slotFormat, startHeight },
    );
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    update.mutate(
      result.items.map((item) => ({ ...item, size: container.size })),
      {
        onSuccess: (reply) => {
          notifySuccess(reply.message);
          onClose();
        },
        onError: (failure) => setError(errorMessageOf(failure)),
      },
    );
  };

  return (
    <AppModal opened onClose={onClose} title={`Update location of ${container.number}`} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Now at <b>{current ?? 'no slot'}</b> · {container.size} ft
        </Text>
        <SimpleGrid cols={2}>
          <Select
            allowDeselect={false}
            label="Area"
            data={geometry.areas.map((entry) => entry.name)}
            value={areaName}
            onChange={(value) => {
              setAreaName(value);
              setRow(null);
              setColumn(null);
            }}
            data-testid="update-location-area"
          />
          <Select
            allowDeselect={false}
            label="Row"
            data={target?.rowNames ?? []}
            value={row}
            onChange={setRow}
            data-testid="update-location-row"
            searchable
          />
          <Select
            allowDeselect={false}
            label="Column"
            data={target?.columnNames ?? []}
            value={column}
            onChange={setColumn}
            data-testid="update-location-column"
            searchable
          />
          <Select
            allowDeselect={false}
            label="Height"
            data={target?.heightNames ?? []}
            value={height}
            onChange={setHeight}
            placeholder={`${startHeight} (start height)`}
            data-testid="update-location-height"
            clearable
          />
        </SimpleGrid>
        {error && (
          <Alert color="red" variant="light" p="xs" data-testid="update-location-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={update.isPending} data-testid="update-location-save">
            Update
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
