import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Box, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { liveTopics, mayWatchTopic, PAGE_SIZES, type Plan, type YardLayout } from '@openyard/contracts';
import { principalOf } from '../../../app/utils/principalOf';
import type { ScreenAccess } from '../../../app/utils/screenAccessOf';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { DataTable } from '../../../ui/DataTable';
import { queryListProps } from '../../../ui/queryListProps';
import { GridLegend } from '../../inventory/components/GridLegend';
import { YardGrid } from '../../inventory/components/YardGrid';
import { useInventoryLive } from '../../inventory/hooks/useInventoryLive';
import type { GridFilters } from '../../inventory/utils/gridFilters';
import { GridFrames } from '../../inventory/utils/GridFrames';
import { areaFocus, type GridFocus } from '../../inventory/utils/GridPick';
import { slotOfName } from '../../inventory/utils/slotOfName';
import type { YardGeometry } from '../../inventory/utils/yardGeometry';
import { yardInventory } from '../../inventory/utils/yardInventory';
import { usePlanEditor } from '../hooks/usePlanEditor';
import { useQueuedColumns } from '../hooks/useQueuedColumns';
import { mayAssign } from '../utils/planAssignments';
import { PlanBar } from './PlanBar';
import { QueuedSearch } from './QueuedSearch';

const NO_FILTERS: GridFilters = { areas: {}, igmItem: null };
const NONE: readonly number[] = [];

// A plan on the yard (spec 2 §2 Planning screen, §4 Plan): the queued-container selector and list on
// the left, the plan's name and actions above it, the yard grid on the right (the inventory's grid
// and store, kept live) where a click on a stack gives the chosen container its slot. Assigned slots
// are drawn as planned ones, dashed yellow and struck through (spec 2 §4).
export function PlanEditor({
  plan,
  access,
  layout,
  geometry,
  onDirtyChange,
  onSaved,
  onDeleted,
  header,
}: {
  plan: Plan | null;
  access: ScreenAccess;
  layout: YardLayout;
  geometry: YardGeometry;
  onDirtyChange: (dirty: boolean) => void;
  onSaved?: (plan: Plan) => void;
  onDeleted?: () => void;
  header?: React.ReactNode;
}) {
  const store = yardInventory;
  useLayoutEffect(() => store.setGeometry(geometry), [store, geometry]);
  // The grid follows the yard as it changes: a slot taken meanwhile is not offered. A planner
  // without the inventory's grant hears the slot messages on their mirror, `containers`.
  const topic = mayWatchTopic(principalOf(access.user), liveTopics.inventory)
    ? liveTopics.inventory
    : liveTopics.containers;
  const live = useInventoryLive(store, true, topic);
  const format = useMemo(
    () => ({ slotFormat: layout.slotFormat, startHeight: layout.startHeight }),
    [layout.slotFormat, layout.startHeight],
  );
  const editor = usePlanEditor({ plan, access, store, geometry, format, onSaved, onDeleted });
  useEffect(() => onDirtyChange(editor.dirty), [editor.dirty, onDirtyChange]);
  const [frames] = useState(() => new GridFrames());
  const [focus, setFocus] = useState<GridFocus | null>(null);
  const [area, setArea] = useState<string | null>(null);

  const columns = useQueuedColumns({
    assignments: editor.assignments,
    baseline: editor.baseline,
    planId: editor.planId,
    onUnassign: editor.unassign,
    canWrite: access.canWrite,
  });
  const pageRows = editor.rows.slice((editor.page - 1) * PAGE_SIZES.planning, editor.page * PAGE_SIZES.planning);
  const activeSlot = editor.active ? (editor.assigned.byContainer.get(editor.active)?.slots[0] ?? null) : null;
  const activeRow = editor.rows.find((row) => row.containerNumber === editor.active);

  // An auto-assign's proposal: the grid goes to the area of its first slot.
  const [shownOutcome, setShownOutcome] = useState(editor.outcome);
  if (editor.outcome !== shownOutcome) {
    setShownOutcome(editor.outcome);
    const first = editor.outcome?.proposed?.[0];
    const slot = first === undefined ? null : slotOfName(first, geometry, format);
    const proposedArea = slot === null ? undefined : geometry.areasById.get(geometry.slotAreaIds[slot]!);
    if (proposedArea) {
      setFocus(areaFocus(proposedArea));
      setArea(proposedArea.name);
    }
  }

  const zoomTo = (name: string | null) => {
    setArea(name);
    const chosen = name ? geometry.areasByName.get(name.toUpperCase()) : undefined;
    if (chosen) setFocus(areaFocus(chosen));
  };

  return (
    <Group
      gap="sm"
      align="stretch"
      wrap="nowrap"
      style={{ height: 'calc(100dvh - 52px - 2 * var(--mantine-spacing-md) - 56px)', minHeight: 560 }}
      data-testid="planning-editor"
      data-plan-id={plan?.id ?? ''}
    >
      <Stack gap="sm" w={{ base: 500, xl: 560 }} style={{ flexShrink: 0, minHeight: 0, overflowY: 'auto' }}>
        {header}
        <Paper withBorder p="sm">
          <PlanBar editor={editor} readOnlyReason={access.readOnlyReason} />
        </Paper>
        <QueuedSearch value={editor.search} onSearch={editor.changeSearch} />
        <DataTable
          columns={columns}
          rows={pageRows}
          rowKey={(row) => row.containerNumber}
          {...queryListProps(editor.queued)}
          dense
          minWidth={480}
          label="Queued containers"
          testId="planning-queued"
          emptyText="No queued containers found"
          selection={{
            mode: 'single',
            selectedKeys: editor.active ? [editor.active] : [],
            onChange: (keys) => {
              const chosen = editor.rows.find((row) => row.containerNumber === keys[0]);
              editor.setActive(chosen && mayAssign(chosen, editor.planId) ? chosen.containerNumber : null);
              const slot = chosen ? editor.assigned.byContainer.get(chosen.containerNumber) : undefined;
              const box = slot ? geometry.areasById.get(slot.areaId) : undefined;
              if (box) setFocus(areaFocus(box));
            },
          }}
          pagination={{
            page: editor.page,
            pageSize: PAGE_SIZES.planning,
            totalCount: editor.rows.length,
            onPageChange: editor.setPage,
          }}
        />
      </Stack>
      <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
        <Group gap="sm" justify="space-between" wrap="nowrap">
          <Text size="sm" c={activeRow ? undefined : 'dimmed'} data-testid="planning-active">
            {activeRow ? (
              <>
                {editor.areaOnly ? 'Click an area to plan ' : 'Click a stack to plan '}
                <Text span ff="monospace" fw={700}>
                  {activeRow.containerNumber}
                </Text>{' '}
                ({activeRow.size} ft) {editor.areaOnly ? 'in it (the lowest stack that takes it)' : 'on top of it'};
                click an assigned slot to give it back.
              </>
            ) : (
              `Choose a queued container, then click ${editor.areaOnly ? 'an area' : 'a stack'} on the yard to give it a slot.`
            )}
          </Text>
          <Select
            size="xs"
            w={170}
            placeholder="Zoom to area"
            data={geometry.areas.map((entry) => entry.name)}
            value={area}
            onChange={zoomTo}
            clearable
            aria-label="Zoom to area"
            data-testid="planning-zoom-area"
          />
        </Group>
        <LiveUnavailableNotice refusal={live.refusal} />
        <Box pos="relative" style={{ flex: 1, minHeight: 0 }}>
          <YardGrid
            store={store}
            geometry={geometry}
            filters={NO_FILTERS}
            rules={null}
            highlighted={NONE}
            selectedContainerId={null}
            markedSlot={activeSlot}
            focus={focus}
            frames={frames}
            slotFormat={layout.slotFormat}
            cursorHeld={false}
            onPick={(target, button) => {
              if (button === 'left') editor.pick(target);
            }}
            assigned={editor.assigned.boxes}
            released={editor.released}
            describeEmptySlot={(slot) => {
              const containerNumber = editor.assigned.bySlot.get(slot);
              if (!containerNumber) return null;
              const saved = editor.baseline.get(containerNumber) === editor.assignments.get(containerNumber);
              return `assigned to ${containerNumber}${saved ? '' : ', not saved'}`;
            }}
          />
          <GridLegend rules={null} planning />
        </Box>
      </Stack>
    </Group>
  );
}
