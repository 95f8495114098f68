import { useMemo, useState, type Ref } from 'react';
import { OrthographicView, type OrthographicViewState } from '@deck.gl/core';
import { PolygonLayer, SolidPolygonLayer, TextLayer } from '@deck.gl/layers';
import { DeckGL, type DeckGLRef } from '@deck.gl/react';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { slotSpan, type PublicContainerLocation, type YardLayout } from '@openyard/contracts';
import { SLOT_LENGTH, SLOT_WIDTH, slotPolygon, yardPlan, type PlannedArea } from '../utils/yardPlan';

interface Cell {
  polygon: [number, number][];
  area: string;
}

interface Tick {
  position: [number, number];
  text: string;
  anchor: 'middle' | 'end';
  baseline: 'bottom' | 'center';
}

// Row and column names around the areas that hold a chosen container, to read the slot off the plan.
function ticksOf(area: PlannedArea): Tick[] {
  return [
    ...area.columns.map((column, index): Tick => ({
      position: [area.x + (index + 0.5) * SLOT_LENGTH, area.y - 0.4],
      text: column.name,
      anchor: 'middle',
      baseline: 'bottom',
    })),
    ...area.rows.map((row, index): Tick => ({
      position: [area.x - 0.8, area.y + (index + 0.5) * SLOT_WIDTH],
      text: row.name,
      anchor: 'end',
      baseline: 'center',
    })),
  ];
}

interface Target {
  polygon: [number, number][];
  label: string;
}

const BACKGROUND: [number, number, number] = [20, 26, 32];
const SLOT_FILL: [number, number, number, number] = [43, 51, 61, 255];
const SLOT_FILL_DIMMED: [number, number, number, number] = [32, 39, 47, 255];
const SLOT_LINE: [number, number, number, number] = [20, 26, 32, 255];
const HIGHLIGHT: [number, number, number, number] = [255, 196, 0, 255];
const LABEL: [number, number, number, number] = [201, 209, 217, 255];
const MARGIN = 24;

function cellsOf(area: PlannedArea): Cell[] {
  const cells: Cell[] = [];
  for (const row of area.rows)
    for (const column of area.columns) {
      const polygon = slotPolygon(area, row.name, column.name, 1);
      if (polygon) cells.push({ polygon, area: area.name });
    }
  return cells;
}

// How far around the chosen slots a view focused on them reaches, in slots.
const FOCUS_SLOTS_AROUND = 2;
// Room kept around an area for its row and column names (left, top) and its name (top), in plan units.
const TICK_ROOM = { left: 3, top: 4 };
const MAX_SLOT_ZOOM = 5.5;

interface Frame {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const zoomToFit = (pixels: number, units: number) => Math.log2((pixels - MARGIN * 2) / units);

// The part of the plan a view shows. Focused on the slots: their whole areas (with their names) when
// the slots stay large enough at the screen's width and the areas fit `maxHeight`; else, on that
// axis, the chosen slots and a few around them, cut to their areas, so that no empty band or a
// sliver of another area shows.
function frameOf(
  areas: readonly PlannedArea[],
  targets: readonly Target[],
  onSlots: boolean,
  screen: { width: number; maxHeight: number; minSlotPixels: number },
): Frame {
  const whole = {
    left: Math.min(...areas.map((area) => area.x)) - (onSlots ? TICK_ROOM.left : 0),
    top: Math.min(...areas.map((area) => area.y)) - (onSlots ? TICK_ROOM.top : 8),
    right: Math.max(...areas.map((area) => area.x + area.width)) + (onSlots ? SLOT_LENGTH : 0),
    bottom: Math.max(...areas.map((area) => area.y + area.height)),
  };
  if (!onSlots) return whole;
  const points = targets.flatMap((target) => target.polygon);
  const around = { x: FOCUS_SLOTS_AROUND * SLOT_LENGTH, y: FOCUS_SLOTS_AROUND * SLOT_WIDTH };
  const wholeWidth = zoomToFit(screen.width, whole.right - whole.left) >= Math.log2(screen.minSlotPixels / SLOT_LENGTH);
  const left = wholeWidth ? whole.left : Math.max(whole.left, Math.min(...points.map(([x]) => x)) - around.x);
  // The markers' labels stand right of their slots.
  const right = wholeWidth ? whole.right : Math.min(whole.right, Math.max(...points.map(([x]) => x)) + around.x);
  const zoom = Math.min(zoomToFit(screen.width, right - left), MAX_SLOT_ZOOM);
  if ((whole.bottom - whole.top) * 2 ** zoom + MARGIN * 2 <= screen.maxHeight)
    return { left, right, top: whole.top, bottom: whole.bottom };
  return {
    left,
    right,
    top: Math.max(whole.top, Math.min(...points.map(([, y]) => y)) - around.y),
    bottom: Math.min(whole.bottom, Math.max(...points.map(([, y]) => y)) + around.y),
  };
}

// The 'Yard map' tab: every area of the layout from above, the chosen containers' slots (both
// slots of a 40 ft box) highlighted in amber and labelled; the view starts on their areas. Focus
// 'containers' (the public pages on a phone or a kiosk) shows only the areas that hold them, closer,
// on the slots themselves, and the map takes the height that view needs (at most `maxHeight`; slots
// at least `minSlotPixels` long, else the view is cut to the slots and a few around them).
// `labelOf` names a slot's marker (the number and tier by default; the public pages number them
// as their list does) in `labelSize` pixels.
export function YardPlanMap({
  layout,
  containers,
  deckRef,
  focus = 'areas',
  maxHeight = 760,
  minSlotPixels = 28,
  labelOf = (container) => `${container.containerNumber} · tier ${container.stackIndex ?? ''}`,
  labelSize = 12,
}: {
  layout: YardLayout;
  containers: readonly PublicContainerLocation[];
  deckRef: Ref<DeckGLRef>;
  focus?: 'areas' | 'containers';
  maxHeight?: number;
  minSlotPixels?: number;
  labelOf?: (container: PublicContainerLocation, index: number) => string;
  labelSize?: number;
}) {
  const { ref, width, height } = useElementSize();
  const plan = useMemo(() => yardPlan(layout.areaLayouts), [layout]);
  const shownAreas = useMemo(() => new Set(containers.map((container) => container.area)), [containers]);
  const targets = useMemo(() => {
    const byName = new Map(plan.areas.map((area) => [area.name, area]));
    return containers.flatMap((container, index): Target[] => {
      const area = container.area ? byName.get(container.area) : undefined;
      if (!area || !container.row || !container.column) return [];
      const polygon = slotPolygon(area, container.row, container.column, slotSpan(container.size));
      return polygon ? [{ polygon, label: labelOf(container, index) }] : [];
    });
    // labelOf is a presentation choice of the caller, fixed for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [containers, plan]);
  const onSlots = focus === 'containers' && targets.length > 0;
  const focusedAreas = useMemo(() => {
    const focused = plan.areas.filter((area) => shownAreas.has(area.name));
    return focused.length ? focused : plan.areas;
  }, [plan, shownAreas]);
  // Focused on the slots, the other areas are left out: a passer-by needs only where to walk.
  const drawnAreas = onSlots ? focusedAreas : plan.areas;
  const cells = useMemo(() => drawnAreas.flatMap(cellsOf), [drawnAreas]);
  const ticks = useMemo(
    () => drawnAreas.filter((area) => shownAreas.has(area.name)).flatMap(ticksOf),
    [drawnAreas, shownAreas],
  );
  const frame = useMemo(
    () => frameOf(focusedAreas, targets, onSlots, { width, maxHeight, minSlotPixels }),
    [focusedAreas, targets, onSlots, width, maxHeight, minSlotPixels],
  );
  // Focused on the slots the map is as tall as its frame at the width's zoom (no band above or below).
  const slotZoom = width ? Math.min(zoomToFit(width, frame.right - frame.left), MAX_SLOT_ZOOM) : null;
  const fittedHeight =
    onSlots && slotZoom !== null
      ? Math.round(Math.min(maxHeight, Math.max(240, (frame.bottom - frame.top) * 2 ** slotZoom + MARGIN * 2)))
      : null;
  const viewHeight = fittedHeight ?? height;

  const [viewState, setViewState] = useState<OrthographicViewState | null>(null);
  // Starts on the highlighted slots (with their areas around them), else on the whole yard.
  const initialViewState = useMemo((): OrthographicViewState | null => {
    if (!width || !viewHeight) return null;
    const zoom = Math.min(zoomToFit(width, frame.right - frame.left), zoomToFit(viewHeight, frame.bottom - frame.top));
    // A little wider than the focus, so that the neighbouring areas show at the edges.
    return {
      target: [(frame.left + frame.right) / 2, (frame.top + frame.bottom) / 2, 0],
      zoom: onSlots ? Math.min(zoom, MAX_SLOT_ZOOM) : Math.min(zoom - 0.3, 4),
      minZoom: -3,
      maxZoom: 6,
    };
  }, [width, viewHeight, frame, onSlots]);

  const layers = [
    new SolidPolygonLayer<number>({
      id: 'background',
      data: [0],
      getPolygon: () => [
        [-1000, -1000],
        [plan.width + 1000, -1000],
        [plan.width + 1000, plan.height + 1000],
        [-1000, plan.height + 1000],
      ],
      getFillColor: BACKGROUND,
    }),
    new PolygonLayer<Cell>({
      id: 'slots',
      data: cells,
      getPolygon: (cell) => cell.polygon,
      getFillColor: (cell) => (shownAreas.has(cell.area) ? SLOT_FILL : SLOT_FILL_DIMMED),
      getLineColor: SLOT_LINE,
      lineWidthUnits: 'pixels',
      getLineWidth: 1,
      stroked: true,
      updateTriggers: { getFillColor: [shownAreas] },
    }),
    new PolygonLayer<Target>({
      id: 'containers',
      data: targets,
      getPolygon: (target) => target.polygon,
      getFillColor: HIGHLIGHT,
      getLineColor: [255, 255, 255, 255],
      lineWidthUnits: 'pixels',
      getLineWidth: 2,
      stroked: true,
    }),
    new TextLayer<Tick>({
      id: 'ticks',
      data: ticks,
      getPosition: (tick) => tick.position,
      getText: (tick) => tick.text,
      getColor: [138, 150, 163, 255],
      // Read off with the markers: larger where the markers are (a kiosk).
      getSize: Math.max(10, Math.round(labelSize * 0.55)),
      getTextAnchor: (tick) => tick.anchor,
      getAlignmentBaseline: (tick) => tick.baseline,
      fontFamily: 'Inter, "Segoe UI", Roboto, Arial, sans-serif',
    }),
    new TextLayer<PlannedArea>({
      id: 'area-names',
      data: drawnAreas,
      // On a view cut to the slots the name stays in sight at the view's left edge.
      getPosition: (area) => [
        onSlots ? Math.max(area.x, frame.left + 1) : area.x,
        area.y - (shownAreas.has(area.name) ? 3 : 1),
      ],
      updateTriggers: { getPosition: [onSlots, frame.left, shownAreas] },
      getText: (area) => `Area ${area.name}`,
      getColor: LABEL,
      getSize: Math.max(13, Math.round(labelSize * 0.7)),
      getTextAnchor: 'start',
      getAlignmentBaseline: 'bottom',
      fontFamily: 'Inter, "Segoe UI", Roboto, Arial, sans-serif',
      fontWeight: 600,
    }),
    new TextLayer<Target>({
      id: 'container-labels',
      data: targets,
      getPosition: (target) => [target.polygon[1]![0] + 1, (target.polygon[1]![1] + target.polygon[2]![1]) / 2],
      getText: (target) => target.label,
      characterSet: 'auto',
      getColor: [255, 214, 102, 255],
      getSize: labelSize,
      getTextAnchor: 'start',
      getAlignmentBaseline: 'center',
      background: true,
      getBackgroundColor: [14, 19, 23, 230],
      backgroundPadding: [4, 2],
      fontFamily: 'Inter, "Segoe UI", Roboto, Arial, sans-serif',
      fontWeight: 600,
    }),
  ];

  return (
    <Box
      ref={ref}
      pos="relative"
      h={fittedHeight ?? '100%'}
      mih={onSlots ? 240 : 420}
      bg="dark.8"
      style={{ borderRadius: 4, overflow: 'hidden' }}
    >
      {initialViewState && (
        <DeckGL
          ref={deckRef}
          views={new OrthographicView({ id: 'plan', flipY: true })}
          viewState={viewState ?? initialViewState}
          onViewStateChange={({ viewState: next }) => setViewState(next)}
          controller={{ dragRotate: false }}
          layers={layers}
          getCursor={({ isDragging }) => (isDragging ? 'grabbing' : 'grab')}
        />
      )}
    </Box>
  );
}
