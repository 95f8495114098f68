import { useCallback, useMemo, useState } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import {
  allocationRowColour,
  machineAreaOf,
  messages,
  routes,
  shiftYardDay,
  yardDayOf,
  type MachineAllocationsDay,
  type YardDay,
} from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { metadataState } from '../../../app/states/metadataState';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { confirmDialog } from '../../../ui/confirmDialog';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { ListState } from '../../../ui/ListState';
import { notifyAlert } from '../../../ui/notifyAlert';
import { useYardLayout } from '../../containers/hooks/useYardLayout';
import { useShifts } from '../../machine-shifts/hooks/useShifts';
import { useAllocationDay } from '../hooks/useAllocationDay';
import { useAllocationMachines } from '../hooks/useAllocationMachines';
import { useAllocationWrites } from '../hooks/useAllocationWrites';
import { useNow } from '../hooks/useNow';
import {
  conflictingIds,
  savesByArea,
  shownAllocations,
  withEdit,
  type AllocationEdits,
  type ShownAllocation,
} from '../utils/allocationEdits';
import { allocationsQueryKeys } from '../utils/allocationsQueryKeys';
import { ganttRowsOf, type GanttView } from '../utils/ganttRows';
import { withAllocationsChange } from '../utils/withAllocationsChange';
import { AllocationFormModal } from './AllocationFormModal';
import { AllocationGantt, type AllocationPlace } from './AllocationGantt';
import { AllocationsLegend } from './AllocationsLegend';
import { AllocationsList } from './AllocationsList';
import { AllocationsToolbar, type AllocationsShown } from './AllocationsToolbar';
import { MachineScreensNav } from './MachineScreensNav';

const NO_EDITS: AllocationEdits = new Map();
// The row colours follow the clock (spec 2 §4: "current time inside an allocation").
const CLOCK_MS = 30_000;

// /allocations: machines allocated to yard areas by day (spec 2 §2 Allocation screen, §3–§5, §9):
// the yard day from its midnight, a Gantt by machine or by area where bars are dragged and resized
// (5-minute magnet; edited until saved, unmarked when put back), saved one area at a time; the list
// with sort, filter and the row colours. Another planner's saves appear as they are made.
export function AllocationsPage() {
  const access = useScreenAccess({ write: routes.machineAllocations.save.access });
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const queryClient = useQueryClient();
  const [day, setDay] = useState<YardDay>(() => yardDayOf(Date.now(), timeZone));
  const [shown, setShown] = useState<AllocationsShown>('gantt');
  const [view, setView] = useState<GanttView>('machine');
  const [edits, setEdits] = useState<AllocationEdits>(NO_EDITS);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const now = useNow(CLOCK_MS);

  const { query, refusal } = useAllocationDay(day);
  const machines = useAllocationMachines();
  const layout = useYardLayout();
  const shifts = useShifts();
  const { add, saveEdits, remove } = useAllocationWrites();

  const machineList = useMemo(() => machines.query.data ?? [], [machines.query.data]);
  const areas = useMemo(() => layout.data?.areaLayouts ?? [], [layout.data]);
  const allocations = useMemo(() => {
    const names = {
      machine: (id: number) => machineList.find((machine) => machine.id === id)?.machineName,
      area: (id: number) => areas.find((area) => area.areaId === id)?.name,
    };
    return shownAllocations(query.data?.allocations ?? [], edits, names);
  }, [query.data, edits, machineList, areas]);
  const conflicts = useMemo(() => conflictingIds(allocations), [allocations]);
  const machineAreas = useMemo(
    () => new Map(machineList.map((machine) => [machine.id, machineAreaOf(machine, areas)])),
    [machineList, areas],
  );
  const toneOf = useCallback(
    (allocation: ShownAllocation) =>
      allocationRowColour(allocation, now, machineAreas.get(allocation.machineId) ?? null),
    [now, machineAreas],
  );
  const rows = useMemo(
    () => ganttRowsOf(view, machineList, areas, allocations),
    [view, machineList, areas, allocations],
  );
  const selectedIds = useMemo(() => new Set(selectedKeys.map(Number)), [selectedKeys]);

  if (!access) return null;
  const editedCount = allocations.filter((allocation) => allocation.edited).length;
  const dayData = query.data;

  const changeDay = async (next: YardDay) => {
    if (next === day) return;
    if (editedCount > 0 && !(await confirmDialog({ message: messages.allocationsUnsaved, confirmLabel: 'Discard' })))
      return;
    setEdits(NO_EDITS);
    setSelectedKeys([]);
    setDay(next);
  };

  const change = (allocation: ShownAllocation, next: AllocationPlace) => {
    const original = dayData?.allocations.find((each) => each.id === allocation.id);
    if (original) setEdits((current) => withEdit(current, original, next));
  };

  const select = (id: number, additive: boolean) => {
    const key = String(id);
    setSelectedKeys((current) => {
      if (current.includes(key)) return current.filter((each) => each !== key);
      return additive ? [...current, key] : [key];
    });
  };

  const save = () => {
    saveEdits.mutate(savesByArea(allocations, edits), {
      onSuccess: ({ saved, refused }) => {
        // What the server answered is shown at once (the reload and the live message agree with it).
        queryClient.setQueryData<MachineAllocationsDay>(allocationsQueryKeys.day(day), (current) =>
          current
            ? withAllocationsChange(current, {
                type: 'machineAllocations.changed.v1',
                topic: 'machine-allocations',
                eventId: 'saved-here',
                at: Date.now(),
                data: { saved, deletedIds: [] },
              })
            : current,
        );
        const savedIds = new Set(saved.map((allocation) => allocation.id));
        setEdits((current) => new Map([...current].filter(([id]) => !savedIds.has(id))));
        if (refused.length)
          notifyAlert(refused.map((each) => each.message).join('\n'), messages.allocationsNotAllSaved);
      },
    });
  };

  const deleteAllocations = async (ids: readonly number[]) => {
    if (!ids.length) return;
    const confirmed = await confirmDialog({
      title: 'Delete allocations',
      message: messages.confirmDeleteAllocations(ids.length),
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(ids, {
      onSuccess: ({ deletedIds }) => {
        setSelectedKeys([]);
        setEdits((current) => new Map([...current].filter(([id]) => !deletedIds.includes(id))));
      },
    });
  };

  const error = query.error ? errorMessageOf(query.error) : null;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="md">
          <Title order={3}>Machine allocation</Title>
          <Text size="sm" c="dimmed">
            {day}, 00:00–24:00 on the yard’s clock
          </Text>
        </Group>
        <MachineScreensNav />
      </Group>
      <LiveUnavailableNotice refusal={refusal ?? machines.refusal} />
      <AllocationsToolbar
        day={day}
        onDay={(next) => void changeDay(next)}
        onStep={(days) => void changeDay(shiftYardDay(day, { days }))}
        onToday={() => void changeDay(yardDayOf(Date.now(), timeZone))}
        shown={shown}
        onShown={setShown}
        view={view}
        onView={setView}
        editedCount={editedCount}
        conflictCount={conflicts.size}
        selectedCount={selectedKeys.length}
        readOnlyReason={access.readOnlyReason}
        onAdd={() => setAdding(true)}
        onSave={save}
        saving={saveEdits.isPending}
        onDiscard={() => setEdits(NO_EDITS)}
        onDelete={() => void deleteAllocations([...selectedIds])}
        deleting={remove.isPending}
        reloading={query.isFetching}
        onReload={() => void query.refetch()}
      />
      <AllocationsLegend />
      {shown === 'gantt' ? (
        dayData ? (
          <AllocationGantt
            view={view}
            rows={rows}
            allocations={allocations}
            dayStart={dayData.dayStart}
            dayEnd={dayData.dayEnd}
            timeZone={timeZone}
            now={now}
            selectedIds={selectedIds}
            conflicts={conflicts}
            toneOf={toneOf}
            canWrite={access.canWrite}
            onChange={change}
            onSelect={select}
            onDelete={(id) => void deleteAllocations([id])}
            label={`Allocations of ${day} by ${view}`}
          />
        ) : (
          <ListState
            loading={query.isPending}
            error={error}
            count={0}
            onRetry={() => void query.refetch()}
            testId="allocations-gantt"
          />
        )
      ) : (
        <AllocationsList
          allocations={allocations}
          timeZone={timeZone}
          toneOf={toneOf}
          loading={query.isPending}
          error={error}
          onRetry={() => void query.refetch()}
          selectedKeys={selectedKeys}
          onSelect={setSelectedKeys}
          canWrite={access.canWrite}
          onDelete={(allocation) => void deleteAllocations([allocation.id])}
        />
      )}
      {adding && dayData && (
        <AllocationFormModal
          day={day}
          dayStart={dayData.dayStart}
          dayEnd={dayData.dayEnd}
          timeZone={timeZone}
          machines={machineList}
          areas={areas}
          shifts={shifts.data?.shifts ?? []}
          allocations={allocations}
          add={add}
          onClose={() => setAdding(false)}
        />
      )}
    </Stack>
  );
}
