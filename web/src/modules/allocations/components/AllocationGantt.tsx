import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  ALLOCATION_MAGNET_MS,
  allocationTimeText,
  type AllocationPeriod,
  type AllocationRowColour,
} from '@openyard/contracts';
import { useGanttDrag } from '../hooks/useGanttDrag';
import type { ShownAllocation } from '../utils/allocationEdits';
import { ALLOCATION_TONES } from '../utils/allocationTone';
import { draggedPeriod, hourLabel, hourTicks, timeToX, type DayScale, type DragMode } from '../utils/ganttScale';
import {
  ganttLayout,
  rowIdOf,
  rowIndexAt,
  rowsInView,
  type GanttLayout,
  type GanttRow,
  type GanttView,
  barsToDraw,
} from '../utils/ganttRows';

const GUTTER = 140;
const HEADER = 36;
const BAR_HEIGHT = 24;
const GAP = 5;
const HANDLE = 8;
const MIN_TIMELINE = 720;
const LABEL_CHAR_PX = 6.4;
// The chart scrolls inside its frame once taller than this; rows this far beyond the frame's
// window are drawn too, so that a scroll shows drawn rows while the next ones are placed.
const FRAME_MAX_HEIGHT = 'max(320px, calc(100vh - 240px))';
const OVERSCAN_PX = 400;

export interface AllocationPlace {
  machineId: number;
  areaId: number;
  fromTime: number;
  toTime: number;
}

interface AllocationGanttProps {
  view: GanttView;
  rows: readonly GanttRow[];
  allocations: readonly ShownAllocation[];
  dayStart: number;
  dayEnd: number;
  timeZone: string | undefined;
  now: number;
  selectedIds: ReadonlySet<number>;
  conflicts: ReadonlySet<number>;
  toneOf: (allocation: ShownAllocation) => AllocationRowColour;
  canWrite: boolean;
  onChange: (allocation: ShownAllocation, next: AllocationPlace) => void;
  onSelect: (id: number, additive: boolean) => void;
  onDelete: (id: number) => void;
  label: string;
}

// The allocation Gantt (spec 2 §2, §4, §9): a row per machine or per area, the yard day from its
// midnight to the next across the width, a bar per allocation. A bar is dragged to move it (to
// another time, and to another row: its machine or area changes when the move ends) and by its
// edges to resize it, snapped to 5 minutes; from the keyboard, arrows move it by 5 minutes (Shift:
// its end), up and down to the next row. Plain SVG and pointer events with pointer capture.
// Only the rows in the frame's window (and a margin) are drawn, with their bars (issue 17: a yard of
// 200 machines); the chart keeps its whole height, so the scroll bar is the day's.
export function AllocationGantt(props: AllocationGanttProps) {
  const { view, rows, allocations, dayStart, dayEnd, timeZone, now, canWrite } = props;
  const { ref, width, height: frameHeight } = useElementSize<HTMLDivElement>();
  const [scrollTop, setScrollTop] = useState(0);
  // The bar that has the keyboard focus: drawn wherever it is, so that scrolling its row out of the
  // frame (or moving it there with the arrows) never takes the focus away from it.
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const timeline = Math.max(width - GUTTER - 8, MIN_TIMELINE);
  const scale: DayScale = useMemo(() => ({ dayStart, dayEnd, width: timeline }), [dayStart, dayEnd, timeline]);
  const layout = useMemo(
    () => ganttLayout(rows, allocations, view, { top: HEADER, bar: BAR_HEIGHT, gap: GAP }),
    [rows, allocations, view],
  );
  const height = layout.height + 4;
  const rowIndexById = useMemo(() => new Map(rows.map((row, index) => [row.id, index])), [rows]);
  // Before the frame is measured, a screenful.
  const shown = rowsInView(layout, scrollTop - OVERSCAN_PX, scrollTop + (frameHeight || 1200) + OVERSCAN_PX);
  // The bars of the rows drawn, by row; a dragged or selected bar is drawn wherever it is.
  const barsByRow = useMemo(() => {
    const byRow = new Map<number, ShownAllocation[]>();
    for (const allocation of allocations) {
      const index = rowIndexById.get(rowIdOf(allocation, view)) ?? 0;
      const list = byRow.get(index) ?? [];
      list.push(allocation);
      byRow.set(index, list);
    }
    return byRow;
  }, [allocations, rowIndexById, view]);
  // A bar's top: in its lane of its row, or, while dragged onto another row, in that row's first.
  const barTop = (rowIndex: number, lane: number) =>
    (layout.rows[rowIndex]?.top ?? HEADER) + GAP + lane * (BAR_HEIGHT + GAP);

  const place = (allocation: ShownAllocation, period: AllocationPeriod, rowIndex: number): AllocationPlace => {
    const row = rows[rowIndex];
    const machineId = view === 'machine' && row ? row.id : allocation.machineId;
    const areaId = view === 'area' && row ? row.id : allocation.areaId;
    return { machineId, areaId, ...period };
  };
  const byId = (id: number) => allocations.find((allocation) => allocation.id === id);
  const chart = useRef<SVGSVGElement>(null);

  const gantt = useGanttDrag({
    scale,
    canWrite,
    rowIndexAt: (clientY) => rowIndexAt(layout, clientY - (chart.current?.getBoundingClientRect().top ?? 0)),
    onDrop: (id, period, rowIndex) => {
      const allocation = byId(id);
      if (allocation) props.onChange(allocation, place(allocation, period, rowIndex));
    },
    onClick: props.onSelect,
  });

  const onKey = (event: KeyboardEvent<SVGGElement>, allocation: ShownAllocation, rowIndex: number) => {
    let next: AllocationPlace | null = null;
    const shift = (mode: DragMode, by: number) =>
      place(allocation, draggedPeriod(allocation, mode, by, scale), rowIndex);
    if (event.key === ' ' || event.key === 'Enter') props.onSelect(allocation.id, event.shiftKey || event.ctrlKey);
    else if (event.key === 'Delete' && canWrite) props.onDelete(allocation.id);
    else if (!canWrite) return;
    else if (event.key === 'ArrowLeft') next = shift(event.shiftKey ? 'end' : 'move', -ALLOCATION_MAGNET_MS);
    else if (event.key === 'ArrowRight') next = shift(event.shiftKey ? 'end' : 'move', ALLOCATION_MAGNET_MS);
    else if (event.key === 'ArrowUp' && rowIndex > 0) next = place(allocation, allocation, rowIndex - 1);
    else if (event.key === 'ArrowDown' && rowIndex < rows.length - 1)
      next = place(allocation, allocation, rowIndex + 1);
    else return;
    event.preventDefault();
    if (next) {
      props.onChange(allocation, next);
      // The moved bar stays in sight: the frame scrolls to it once it is drawn in its new row.
      const bar = event.currentTarget;
      requestAnimationFrame(() => bar.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
    }
  };

  // The bars get stable handlers that call the latest ones, so that a drag redraws only its bar.
  const latest = useRef({ press: gantt.press, onKey });
  useLayoutEffect(() => {
    latest.current = { press: gantt.press, onKey };
  });
  const pressBar = useCallback<GanttBarProps['onPress']>((...args) => latest.current.press(...args), []);
  const keyOnBar = useCallback<GanttBarProps['onKey']>((...args) => latest.current.onKey(...args), []);

  const pxPerHour = timeline / ((dayEnd - dayStart) / 3_600_000);
  const ticks = hourTicks(dayStart, dayEnd, (time, end) => allocationTimeText(time, timeZone, end));
  const nowX = now >= dayStart && now < dayEnd ? GUTTER + timeToX(now, scale) : null;

  const drawn = barsToDraw(
    allocations,
    barsByRow,
    (allocation) => rowIndexById.get(rowIdOf(allocation, view)) ?? 0,
    shown,
    (id) => gantt.drag?.id === id || focusedId === id || props.selectedIds.has(id),
  );

  return (
    <Box
      ref={ref}
      style={{ overflow: 'auto', maxHeight: FRAME_MAX_HEIGHT }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      data-testid="allocation-gantt"
    >
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm" p="md">
          {view === 'machine' ? 'No machines yet: add machines on the machines screen.' : 'The yard has no areas yet.'}
        </Text>
      ) : (
        <svg
          ref={chart}
          width={GUTTER + timeline + 8}
          height={height}
          role="group"
          aria-label={props.label}
          data-gantt-chart
          data-timeline-x={GUTTER}
          data-timeline-width={timeline}
          style={{ touchAction: 'none', userSelect: 'none', display: 'block' }}
          onPointerMove={gantt.move}
          onPointerUp={gantt.release}
          onPointerCancel={gantt.cancel}
          onLostPointerCapture={gantt.cancel}
          onFocus={(event) => {
            const id = (event.target as Element).getAttribute('data-allocation-id');
            setFocusedId(id === null ? null : Number(id));
          }}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocusedId(null);
          }}
        >
          <GanttRows rows={rows} layout={layout} from={shown.from} to={shown.to} width={GUTTER + timeline} />
          {ticks.map((tick, index) => {
            const x = GUTTER + timeToX(tick.time, scale);
            const strong = index % 6 === 0;
            return (
              <line
                key={tick.time}
                x1={x}
                x2={x}
                y1={HEADER - 14}
                y2={height}
                stroke={strong ? 'rgba(201,209,217,0.35)' : 'rgba(201,209,217,0.12)'}
              />
            );
          })}
          {drawn.map((allocation) => {
            const dragged = gantt.drag?.id === allocation.id ? gantt.drag : null;
            const rowIndex = rowIndexById.get(rowIdOf(allocation, view)) ?? 0;
            const lane = layout.laneOf.get(allocation.id) ?? 0;
            const top = dragged && dragged.rowIndex !== rowIndex ? barTop(dragged.rowIndex, 0) : barTop(rowIndex, lane);
            return (
              <GanttBar
                key={allocation.id}
                allocation={allocation}
                view={view}
                period={dragged?.period ?? allocation}
                top={top}
                homeRow={rowIndex}
                scale={scale}
                timeZone={timeZone}
                tone={props.toneOf(allocation)}
                selected={props.selectedIds.has(allocation.id)}
                focused={focusedId === allocation.id}
                conflict={props.conflicts.has(allocation.id)}
                dragging={dragged !== null}
                canWrite={canWrite}
                onPress={pressBar}
                onKey={keyOnBar}
              />
            );
          })}
          {nowX !== null && (
            <g data-testid="gantt-now" pointerEvents="none">
              <line x1={nowX} x2={nowX} y1={HEADER - 12} y2={height} stroke="#ff6b6b" strokeWidth={1.5} />
              <text x={nowX + 3} y={HEADER - 3} fontSize={10} fill="#ff8787">
                now
              </text>
            </g>
          )}
          {/* The hours stay at the top of the frame as the rows scroll under them. */}
          <g pointerEvents="none" data-testid="gantt-scale">
            {scrollTop > 0 && (
              <rect x={0} y={scrollTop} width={GUTTER + timeline + 8} height={20} fill="var(--mantine-color-body)" />
            )}
            {ticks.map((tick, index) => (
              <text
                key={tick.time}
                x={GUTTER + timeToX(tick.time, scale)}
                y={scrollTop + 14}
                fontSize={11}
                textAnchor={index === 0 ? 'start' : index === ticks.length - 1 ? 'end' : 'middle'}
                fill="var(--mantine-color-dimmed)"
              >
                {hourLabel(tick.label, index === 0 || index === ticks.length - 1, pxPerHour)}
              </text>
            ))}
          </g>
        </svg>
      )}
    </Box>
  );
}

// The rows' bands and labels from `from` to before `to`; a drag, which redraws the chart at every
// move, leaves them be.
const GanttRows = memo(function GanttRows({
  rows,
  layout,
  from,
  to,
  width,
}: {
  rows: readonly GanttRow[];
  layout: GanttLayout;
  from: number;
  to: number;
  width: number;
}) {
  return rows.slice(from, to).map((row, offset) => {
    const index = from + offset;
    const { top, height } = layout.rows[index]!;
    return (
      <g key={row.id} data-testid="gantt-row" data-row-label={row.label}>
        <rect
          x={0}
          y={top}
          width={width}
          height={height}
          fill={index % 2 ? 'rgba(255,255,255,0.025)' : 'rgba(255,255,255,0.055)'}
        />
        <text
          x={8}
          y={top + BAR_HEIGHT / 2 + GAP + 4}
          fontSize={12}
          fill="var(--mantine-color-text)"
          data-testid="gantt-row-label"
        >
          {truncate(row.label, GUTTER - 16)}
        </text>
      </g>
    );
  });
});

function truncate(text: string, pixels: number): string {
  const fits = Math.floor(pixels / LABEL_CHAR_PX);
  if (fits <= 1) return '';
  return text.length <= fits ? text : `${text.slice(0, fits - 1)}…`;
}

interface GanttBarProps {
  allocation: ShownAllocation;
  view: GanttView;
  period: AllocationPeriod;
  top: number;
  homeRow: number;
  scale: DayScale;
  timeZone: string | undefined;
  tone: AllocationRowColour;
  selected: boolean;
  // Has the keyboard focus: ringed, as a focused control is.
  focused: boolean;
  conflict: boolean;
  dragging: boolean;
  canWrite: boolean;
  onPress: (
    event: PointerEvent<Element>,
    id: number,
    mode: DragMode,
    period: AllocationPeriod,
    rowIndex: number,
  ) => void;
  onKey: (event: KeyboardEvent<SVGGElement>, allocation: ShownAllocation, rowIndex: number) => void;
}

// One allocation's bar: its body moves it, its edges resize it. Edited bars have a dashed outline
// and a dot, bars in conflict (the machine in two places at once) a red one, a selected bar a thick
// one; the fill is the allocation's colour of spec 2 §4.
const GanttBar = memo(function GanttBar({
  allocation,
  view,
  period,
  top,
  homeRow,
  scale,
  timeZone,
  tone,
  selected,
  focused,
  conflict,
  dragging,
  canWrite,
  onPress,
  onKey,
}: GanttBarProps) {
  const x = GUTTER + timeToX(period.fromTime, scale);
  const width = Math.max(timeToX(period.toTime, scale) - timeToX(period.fromTime, scale), 3);
  const y = top;
  const colours = ALLOCATION_TONES[tone];
  const times = `${allocationTimeText(period.fromTime, timeZone)}–${allocationTimeText(period.toTime, timeZone, true)}`;
  const other = view === 'machine' ? allocation.area : allocation.machine;
  const text = truncate(`${other} ${times}`, width - (allocation.edited ? 18 : 10));
  const stroke = conflict ? '#ff6b6b' : allocation.edited ? '#43c3d3' : selected ? '#e6ebf0' : 'rgba(0,0,0,0.35)';
  const press = (mode: DragMode) => (event: PointerEvent<Element>) =>
    onPress(event, allocation.id, mode, allocation, homeRow);
  return (
    <g
      tabIndex={0}
      role="button"
      aria-pressed={selected}
      aria-label={`${allocation.machine} in ${allocation.area}, ${times}${allocation.edited ? ', edited' : ''}${
        conflict ? ', in two places at once' : ''
      }`}
      data-testid="gantt-bar"
      data-allocation-id={allocation.id}
      data-machine={allocation.machine}
      data-area={allocation.area}
      data-times={times}
      data-edited={allocation.edited || undefined}
      data-conflict={conflict || undefined}
      data-selected={selected || undefined}
      onKeyDown={(event) => onKey(event, allocation, homeRow)}
      opacity={dragging ? 0.85 : 1}
      // Scrolled into view below the hours that stay at the top of the frame.
      style={{ outline: 'none', scrollMarginTop: HEADER }}
    >
      <rect
        x={x}
        y={y}
        width={width}
        height={BAR_HEIGHT}
        rx={4}
        fill={colours.background}
        stroke={stroke}
        strokeWidth={selected || conflict || allocation.edited ? 2 : 1}
        strokeDasharray={allocation.edited ? '5 3' : undefined}
        style={{ cursor: canWrite ? (dragging ? 'grabbing' : 'grab') : 'pointer' }}
        onPointerDown={press('move')}
        data-testid="gantt-bar-body"
      />
      {focused && (
        <rect
          x={x - 3}
          y={y - 3}
          width={width + 6}
          height={BAR_HEIGHT + 6}
          rx={6}
          fill="none"
          stroke="#4dabf7"
          strokeWidth={2}
          pointerEvents="none"
          data-testid="gantt-bar-focus"
        />
      )}
      {allocation.edited && <circle cx={x + width - 7} cy={y + 7} r={3} fill="#43c3d3" pointerEvents="none" />}
      <text
        x={x + 6}
        y={y + BAR_HEIGHT / 2 + 4}
        fontSize={11}
        fill={colours.text}
        pointerEvents="none"
        data-testid="gantt-bar-label"
      >
        {text}
      </text>
      {canWrite && (
        <>
          <rect
            x={x - 2}
            y={y}
            width={HANDLE}
            height={BAR_HEIGHT}
            fill="transparent"
            style={{ cursor: 'ew-resize' }}
            onPointerDown={press('start')}
            data-testid="gantt-bar-start"
          />
          <rect
            x={x + width - HANDLE + 2}
            y={y}
            width={HANDLE}
            height={BAR_HEIGHT}
            fill="transparent"
            style={{ cursor: 'ew-resize' }}
            onPointerDown={press('end')}
            data-testid="gantt-bar-end"
          />
        </>
      )}
    </g>
  );
});
