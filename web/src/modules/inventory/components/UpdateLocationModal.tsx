import { useMemo, useState, useSyncExternalStore } from 'react';
import { Select, SimpleGrid, Text, type ComboboxItem } from '@mantine/core';
import { locationUpdateItems } from '@openyard/contracts';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { FormModal } from '../../../ui/FormModal';
import { notifySuccess } from '../../../ui/notifySuccess';
import { useUpdateLocation } from '../hooks/useUpdateLocation';
import { AreaStacks, type SlotChoice } from '../utils/AreaStacks';
import type { GridContainer, InventoryStore } from '../utils/InventoryStore';
import { slotName } from '../utils/slotName';
import type { YardGeometry } from '../utils/yardGeometry';
import { AreaSelect } from './AreaSelect';

// Update Location (spec 1 §5, spec 2 §5): new area, row, column and height; the height defaults to
// the start height; nothing is sent when a part is missing or nothing changed ('Nothing to update').
// Columns and heights the box can not go to (as the screen knows the yard, see AreaStacks) are
// offered disabled with the reason, choosing a column puts the height on top of its stack, and a
// refused place says why before anything is sent; the server stays the authority.
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

  // The yard as it is now: live moves change what is free while the dialog is open.
  const revision = useSyncExternalStore(store.subscribe, store.getRevision);
  const stacksOf = useMemo(() => {
    const index = store.indexOf(container.containerId);
    const moving = (index === null ? null : store.container(index)) ?? container;
    return (of: typeof area) => (of ? new AreaStacks(store, of, moving, slotFormat) : null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the store is mutable; revision marks its changes
  }, [store, container, slotFormat, revision]);
  const stacks = useMemo(() => stacksOf(target), [stacksOf, target]);
  const leaving = useMemo(() => stacksOf(area)?.leaving() ?? null, [stacksOf, area]);
  const rowIndex = target && row !== null ? target.rowIndexes[target.rowNames.indexOf(row)] : undefined;
  const columnIndexOf = (name: string | null) =>
    target && name !== null ? target.columnIndexes[target.columnNames.indexOf(name)] : undefined;
  const columnIndex = columnIndexOf(column);
  const tier = height === null ? 1 : (target?.heightNames.indexOf(height) ?? -1) + 1;
  const marked = (name: string, choice: SlotChoice): ComboboxItem | string =>
    choice.ok ? name : { value: name, label: `${name} · ${choice.reason}`, disabled: true };
  const columnData =
    target?.columnNames.map((name, ordinal) =>
      stacks && rowIndex !== undefined ? marked(name, stacks.column(rowIndex, target.columnIndexes[ordinal]!)) : name,
    ) ?? [];
  const heightData =
    target?.heightNames.map((name, level) =>
      stacks && rowIndex !== undefined && columnIndex !== undefined
        ? marked(name, stacks.slot(rowIndex, columnIndex, level + 1))
        : name,
    ) ?? [];
  // Why the chosen place is refused, before it is sent.
  const refusal =
    leaving && !leaving.ok
      ? leaving
      : stacks && rowIndex !== undefined && columnIndex !== undefined && tier >= 1
        ? stacks.slot(rowIndex, columnIndex, tier)
        : null;
  const refused = refusal && !refusal.ok ? refusal.message : null;
  // A chosen stack puts the height on top of it.
  const placeOn = (rowName: string | null, columnName: string | null) => {
    const rowAt = target && rowName !== null ? target.rowIndexes[target.rowNames.indexOf(rowName)] : undefined;
    const columnAt = columnIndexOf(columnName);
    const reachable =
      stacks && rowAt !== undefined && columnAt !== undefined ? stacks.reachableTier(rowAt, columnAt) : null;
    if (target && reachable !== null) setHeight(target.heightNames[reachable - 1] ?? null);
  };

  const submit = () => {
    if (refused) {
      setError(refused);
      return;
    }
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
    <FormModal
      title={`Update location of ${container.number}`}
      onClose={onClose}
      onSubmit={submit}
      saving={update.isPending}
      error={error ?? refused}
      testId="update-location"
      submitLabel="Update"
    >
      <Text size="sm" c="dimmed">
        Now at <b>{current ?? 'no slot'}</b> · {container.size} ft
      </Text>
      <SimpleGrid cols={2}>
        <AreaSelect
          geometry={geometry}
          value={areaName}
          onChange={(value) => {
            setAreaName(value);
            setRow(null);
            setColumn(null);
          }}
          testId="update-location-area"
        />
        <Select
          allowDeselect={false}
          label="Row"
          data={target?.rowNames ?? []}
          value={row}
          onChange={(value) => {
            setRow(value);
            setError(null);
            placeOn(value, column);
          }}
          data-testid="update-location-row"
          searchable
        />
        <Select
          allowDeselect={false}
          label="Column"
          data={columnData}
          value={column}
          onChange={(value) => {
            setColumn(value);
            setError(null);
            placeOn(row, value);
          }}
          data-testid="update-location-column"
          searchable
        />
        <Select
          allowDeselect={false}
          label="Height"
          data={heightData}
          value={height}
          onChange={(value) => {
            setHeight(value);
            setError(null);
          }}
          placeholder={`${startHeight} (start height)`}
          data-testid="update-location-height"
          clearable
        />
      </SimpleGrid>
    </FormModal>
  );
}
