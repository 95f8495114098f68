import { useCallback, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type Ref } from 'react';
import { ActionIcon, Box, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { IconMaximize, IconMinus, IconPlus } from '@tabler/icons-react';
import { OrthographicView, type OrthographicViewState } from '@deck.gl/core';
import type { Device } from '@luma.gl/core';
import { LineLayer, SolidPolygonLayer, TextLayer } from '@deck.gl/layers';
import DeckGL, { type DeckGLRef } from '@deck.gl/react';
import { slotSpan } from '@openyard/contracts';
import type { InventoryStore } from '../utils/InventoryStore';
import type { GridFilters } from '../utils/gridFilters';
import { REDRAW_MS, type GridFrames } from '../utils/GridFrames';
import { outlineData, ruleFeet, type RuleFoot } from '../utils/gridLayerData';
import { PlannedSlotsLayer } from '../utils/PlannedSlotsLayer';
import { gridLabels, type GridLabel } from '../utils/gridLabels';
import type { GridFocus, GridPick } from '../utils/GridPick';
import { toScreen, viewShowing } from '../utils/gridView';
import type { Rgba } from '../utils/parseColor';
import { RetainedDeck } from '../utils/RetainedDeck';
import { slotAt } from '../utils/slotAt';
import { EMPTY_SLOT, PLANNED_FILL, SlotTexels } from '../utils/SlotTexels';
import { slotName } from '../utils/slotName';
import { slotStepOfKey, stepSlot } from '../utils/slotNavigation';
import { slotsPixelRatio } from '../utils/slotsPixelRatio';
import { SLOT_WIDTH, slotBox, slotIndexOf, type YardGeometry } from '../utils/yardGeometry';
import { YardSlotsLayer } from '../utils/YardSlotsLayer';

const VIEW = new OrthographicView({ id: 'yard', flipY: true, controller: true });
const OVERLAY_VIEW = new OrthographicView({ id: 'yard', flipY: true, controller: false });
const HIGHLIGHT: Rgba = [34, 211, 238, 255];
const SELECTED: Rgba = [255, 255, 255, 255];
const SLOT_MARK: Rgba = [250, 204, 21, 255];
const CURSOR: Rgba = [251, 146, 60, 255];
// The keyboard cursor brings the view at least this close (a slot about 16 pixels wide).
const CURSOR_MIN_ZOOM = Math.log2(16 / SLOT_WIDTH);
const OVERLAY_STYLE = { pointerEvents: 'none' } as const;
const MIN_ZOOM = -3;
const MAX_ZOOM = 5;
// The grid draws its own edges (see YardSlotsLayer): no multisampling, which software WebGL pays
// for on every pixel of every frame.
const DEVICE_PROPS = { webgl: { antialias: false } };
// The slots canvas keeps its last frame, so that a live move draws only the slots it repainted
// over it (see RetainedDeck).
const SLOTS_DEVICE_PROPS = { webgl: { antialias: false, preserveDrawingBuffer: true } };

// A store listener called at most once per `ms` (the last call of a burst is never lost).
function throttled(listener: () => void, ms: number) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const call = () => {
    timer = null;
    last = performance.now();
    listener();
  };
  const wrapped = () => {
    if (timer !== null) return;
    const wait = last + ms - performance.now();
    if (wait <= 0) call();
    else timer = setTimeout(call, wait);
  };
  wrapped.cancel = () => {
    if (timer !== null) clearTimeout(timer);
  };
  return wrapped;
}

interface YardGridProps {
  store: InventoryStore;
  geometry: YardGeometry;
  filters: GridFilters;
  rules: Map<string, Rgba> | null;
  highlighted: readonly number[];
  selectedContainerId: number | null;
  markedSlot: number | null;
  focus: GridFocus | null;
  // Told when the slots canvas draws (see GridFrames).
  frames: GridFrames;
  slotFormat: string;
  // The keyboard cursor stays drawn while something opened from it (its context menu, a dialog) is
  // open, though the focus is there.
  cursorHeld: boolean;
  // 'left' is a click or Enter, 'right' a right click, Shift+F10 or the context-menu key.
  onPick: (pick: GridPick | null, button: 'left' | 'right') => void;
  // Slots planning has assigned and not saved ([left, top, right, bottom] of each box as drawn, see
  // drawnSlotBox): drawn as planned boxes are (spec 2 §4), over the yard.
  assigned?: Float32Array;
  // Planned slots the planner gave back and has not saved yet (same boxes): drawn empty, over the
  // yard's planned slots, until the save frees them for everybody.
  released?: Float32Array;
  // What the keyboard cursor's label says of an empty slot, when the screen knows more of it
  // (planning: the box it is assigned to); null: 'empty'.
  describeEmptySlot?: (slot: number) => string | null;
  ref?: Ref<HTMLDivElement>;
}

// The rectangle of box `box` of [left, top, right, bottom] boxes.
function boxPolygon(boxes: Float32Array, box: number): [number, number][] {
  const [x0, y0, x1, y1] = boxes.subarray(box * 4, box * 4 + 4);
  return [
    [x0!, y0!],
    [x1!, y0!],
    [x1!, y1!],
    [x0!, y1!],
  ];
}

function fitView(
  box: readonly [number, number, number, number],
  width: number,
  height: number,
  maxZoom: number,
): OrthographicViewState {
  const [x0, y0, x1, y1] = box;
  const scale = Math.min(width / Math.max(x1 - x0, 1), height / Math.max(y1 - y0, 1)) * 0.92;
  return {
    target: [(x0 + x1) / 2, (y0 + y1) / 2, 0],
    zoom: Math.max(MIN_ZOOM, Math.min(maxZoom, Math.log2(scale))),
    minZoom: MIN_ZOOM,
    maxZoom: MAX_ZOOM,
  };
}

// The yard as two deck.gl canvases (orthographic view, one view state): underneath, every slot a
// box, containers over them in their liner's colour, 40 ft boxes across their pair; over it, the
// labels, colour rules' bars, planned slots' dashed yellow borders and strike-throughs and the
// outlines of found and selected boxes. The slots and containers are one texture of the slots'
// colours, patched from the store's changes at most every REDRAW_MS; panning and zooming touch no
// data. A live move redraws only the slots canvas (the overlay's layers stay as they were, so
// deck.gl leaves its canvas alone), and on it only the slots it repainted, over the last frame
// (RetainedDeck); on a software renderer that canvas has about half the pixels (see
// slotsPixelRatio) while the text keeps them all. Picking is arithmetic on the layout, not a
// render pass. After a frame shows new data it announces it (`openyard:inventory-drawn`) with the
// containers it brought, for latency figures.
export function YardGrid({
  store,
  geometry,
  filters,
  rules,
  highlighted,
  selectedContainerId,
  markedSlot,
  focus,
  frames,
  slotFormat,
  cursorHeld,
  onPick,
  assigned,
  released,
  describeEmptySlot,
  ref,
}: YardGridProps) {
  const subscribe = useCallback(
    (listener: () => void) => {
      const throttledListener = throttled(listener, REDRAW_MS);
      const unsubscribe = store.subscribe(throttledListener);
      return () => {
        unsubscribe();
        throttledListener.cancel();
      };
    },
    [store],
  );
  const revision = useSyncExternalStore(subscribe, store.getRevision);
  const { ref: sizeRef, width, height } = useElementSize();
  const boxRef = useMergedRef(sizeRef, ref);
  const deckRef = useRef<DeckGLRef>(null);
  const [viewState, setViewState] = useState<OrthographicViewState | null>(null);
  const shownRevision = useRef(0);
  // The WebGL renderer's name, once the slots canvas has its context (see slotsPixelRatio).
  const [renderer, setRenderer] = useState<string | null>(null);
  const onDeviceInitialized = useCallback((device: Device) => setRenderer(device.info.renderer), []);

  const yardBox = useMemo(() => [-6, -6, geometry.width + 6, geometry.height + 6] as const, [geometry]);

  // Fit the whole yard when it first shows (and when its layout changes); go where a search or an
  // area card asks. Adjusted while rendering, as React recommends for state that follows props.
  const [fittedFor, setFittedFor] = useState<YardGeometry | null>(null);
  const [focusedOn, setFocusedOn] = useState<GridFocus | null>(null);
  if (width && height && fittedFor !== geometry) {
    setFittedFor(geometry);
    setViewState(fitView(yardBox, width, height, 2));
  }
  if (width && height && focus && focusedOn !== focus) {
    setFocusedOn(focus);
    setViewState(fitView(focus.box, width, height, 2.2));
  }

  // The slots' texture lives as long as the grid; each revision patches what changed.
  const [texels] = useState(() => new SlotTexels());
  const slots = useMemo(
    () => texels.update(store, geometry, filters, rules, store.takeDirty(), store.takeChanged()),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the store is mutable; revision marks its changes
    [texels, store, geometry, filters, rules, revision],
  );
  const labels = useMemo(() => gridLabels(geometry), [geometry]);

  const boxOf = useCallback(
    (index: number) => {
      const area = geometry.areasById.get(store.areaIds[index]!);
      return area
        ? slotBox(
            area,
            store.rowIndexes[index]!,
            store.columnIndexes[index]!,
            store.tiers[index]!,
            slotSpan(store.sizes[index]!),
          )
        : null;
    },
    [geometry, store],
  );
  // The outlines follow their boxes: a revision that moved none of them keeps their layers as they
  // are (the key stands for the boxes).
  const boxesOf = (containerIds: readonly number[]) =>
    containerIds.flatMap((containerId) => {
      const index = store.indexOf(containerId);
      const box = index === null ? null : boxOf(index);
      return box ? [box] : [];
    });
  const highlightBoxes = boxesOf(highlighted);
  const selectedBoxes = boxesOf(selectedContainerId === null ? [] : [selectedContainerId]);
  const highlightKey = highlightBoxes.join(';');
  const selectedKey = selectedBoxes.join(';');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- highlightKey stands for highlightBoxes
  const highlightOutlines = useMemo(() => outlineData(highlightBoxes, HIGHLIGHT), [highlightKey]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- selectedKey stands for selectedBoxes
  const selectionOutline = useMemo(() => outlineData(selectedBoxes, SELECTED), [selectedKey]);
  const markedOutline = useMemo(() => {
    const area = markedSlot !== null ? geometry.areasById.get(geometry.slotAreaIds[markedSlot]!) : undefined;
    const slot =
      area && markedSlot !== null
        ? slotBox(
            area,
            geometry.slotRowIndexes[markedSlot]!,
            geometry.slotColumnIndexes[markedSlot]!,
            geometry.slotTiers[markedSlot]!,
          )
        : null;
    return slot ? outlineData([slot], SLOT_MARK) : null;
  }, [markedSlot, geometry]);

  // The keyboard cursor: a slot, moved by the arrow keys (see slotNavigation), drawn while the grid
  // has the keyboard's focus. It goes where a click, a search or a selection goes.
  const [cursor, setCursor] = useState<number | null>(null);
  const [keyboard, setKeyboard] = useState(false);
  const [focused, setFocused] = useState(false);
  const selectedIndex = selectedContainerId === null ? null : store.indexOf(selectedContainerId);
  const selectedArea = selectedIndex === null ? undefined : geometry.areasById.get(store.areaIds[selectedIndex]!);
  const selectedSlot =
    selectedIndex !== null && selectedArea
      ? slotIndexOf(
          selectedArea,
          store.rowIndexes[selectedIndex]!,
          store.columnIndexes[selectedIndex]!,
          store.tiers[selectedIndex]!,
        )
      : null;
  const [followed, setFollowed] = useState({ selectedContainerId, markedSlot });
  if (followed.selectedContainerId !== selectedContainerId || followed.markedSlot !== markedSlot) {
    setFollowed({ selectedContainerId, markedSlot });
    const target = followed.markedSlot !== markedSlot && markedSlot !== null ? markedSlot : selectedSlot;
    if (target !== null) setCursor(target);
  }
  const cursorShown = cursor !== null && cursor < geometry.slotCount && keyboard && (focused || cursorHeld);
  const cursorBoxOf = (slot: number) => {
    const area = geometry.areasById.get(geometry.slotAreaIds[slot]!);
    return area
      ? slotBox(area, geometry.slotRowIndexes[slot]!, geometry.slotColumnIndexes[slot]!, geometry.slotTiers[slot]!)
      : null;
  };
  const cursorOutline = useMemo(() => {
    const box = cursorShown && cursor !== null ? cursorBoxOf(cursor) : null;
    return box ? outlineData([box], CURSOR) : null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- cursorBoxOf follows the geometry
  }, [cursorShown, cursor, geometry]);
  // When the keyboard last opened the context menu: the browser may follow Shift+F10 or the
  // context-menu key with a contextmenu event of its own, which must not open it a second time.
  const keyboardMenuAt = useRef(Number.NEGATIVE_INFINITY);

  // Labels that would be too small to read at this zoom are left out.
  const pixelsPerUnit = 2 ** ((viewState?.zoom as number | undefined) ?? 0);
  const labelKinds = `${pixelsPerUnit >= 2.6 ? 'r' : ''}${pixelsPerUnit >= 3.4 ? 'c' : ''}`;
  const shownLabels = useMemo(
    () =>
      labels.filter(
        (label) =>
          label.kind !== 'area' && (label.kind === 'row' ? labelKinds.includes('r') : labelKinds.includes('c')),
      ),
    [labels, labelKinds],
  );
  const areaLabels = useMemo(() => labels.filter((label) => label.kind === 'area'), [labels]);

  // One memo per layer: a live revision makes a new slots layer and leaves the others as they were
  // (and so the overlay canvas undrawn). Layers with nothing to draw are left out (software WebGL
  // pays for each layer drawn).
  const slotsLayer = useMemo(() => new YardSlotsLayer({ id: 'slots', geometry, slots }), [geometry, slots]);
  // Colour rules' bars under their stacks (non-instanced polygons: software WebGL pays per instance).
  const ruleLayer = useMemo(
    () =>
      rules &&
      new SolidPolygonLayer<RuleFoot>({
        id: 'rule-feet',
        data: ruleFeet(geometry, rules),
        getPolygon: (foot) => foot.polygon,
        getFillColor: (foot) => foot.color,
      }),
    [geometry, rules],
  );
  const plannedLayer = useMemo(() => new PlannedSlotsLayer({ id: 'planned', boxes: slots.planned }), [slots.planned]);
  const releasedLayers = useMemo(
    () =>
      released && released.length > 0
        ? [
            new SolidPolygonLayer<number>({
              id: 'released',
              data: Array.from({ length: released.length / 4 }, (_, box) => box),
              getPolygon: (box) => boxPolygon(released, box),
              getFillColor: EMPTY_SLOT,
            }),
          ]
        : [],
    [released],
  );
  // Assigned slots: the planned boxes' faint yellow fill (the slots layer paints it for a planned
  // container) under the same dashed border and strike-through.
  const assignedLayers = useMemo(
    () =>
      assigned && assigned.length > 0
        ? [
            new SolidPolygonLayer<number>({
              id: 'assigned-fill',
              data: Array.from({ length: assigned.length / 4 }, (_, box) => box),
              getPolygon: (box) => boxPolygon(assigned, box),
              getFillColor: PLANNED_FILL,
            }),
            new PlannedSlotsLayer({ id: 'assigned', boxes: assigned }),
          ]
        : [],
    [assigned],
  );
  const outlineLayers = useMemo(
    () => [
      highlightOutlines.length > 0 &&
        new LineLayer({ id: 'highlights', data: highlightOutlines, widthUnits: 'pixels', getWidth: 2 }),
      selectionOutline.length > 0 &&
        new LineLayer({ id: 'selection', data: selectionOutline, widthUnits: 'pixels', getWidth: 3 }),
      markedOutline && new LineLayer({ id: 'marked-slot', data: markedOutline, widthUnits: 'pixels', getWidth: 2.5 }),
      cursorOutline && new LineLayer({ id: 'cursor', data: cursorOutline, widthUnits: 'pixels', getWidth: 3 }),
    ],
    [highlightOutlines, selectionOutline, markedOutline, cursorOutline],
  );
  const labelLayers = useMemo(
    () => [
      new TextLayer<GridLabel>({
        id: 'area-labels',
        data: areaLabels,
        getText: (label) => label.text,
        getPosition: (label) => label.position,
        getSize: (label) => label.size,
        sizeUnits: 'common',
        sizeMinPixels: 13,
        sizeMaxPixels: 30,
        getTextAnchor: 'start',
        getAlignmentBaseline: 'center',
        getColor: [201, 209, 217, 255],
        fontFamily: 'Inter, "Segoe UI", Roboto, Arial, sans-serif',
        fontWeight: 600,
        characterSet: 'auto',
      }),
      shownLabels.length > 0 &&
        new TextLayer<GridLabel>({
          id: 'labels',
          data: shownLabels,
          getText: (label) => label.text,
          getPosition: (label) => label.position,
          getSize: (label) => label.size,
          sizeUnits: 'common',
          sizeMinPixels: 0,
          sizeMaxPixels: 30,
          getTextAnchor: (label) => label.anchor,
          getAlignmentBaseline: 'center',
          getColor: (label) => (label.kind === 'area' ? [201, 209, 217, 255] : [138, 150, 163, 255]),
          fontFamily: 'Inter, "Segoe UI", Roboto, Arial, sans-serif',
          fontWeight: 600,
          characterSet: 'auto',
        }),
    ],
    [areaLabels, shownLabels],
  );
  const slotLayers = useMemo(() => [slotsLayer], [slotsLayer]);
  // Everything fine (text, thin and dashed lines) and nothing live moves redraw, at full resolution.
  const overlayLayers = useMemo(
    () => [ruleLayer, plannedLayer, ...releasedLayers, ...assignedLayers, ...outlineLayers, ...labelLayers],
    [ruleLayer, plannedLayer, releasedLayers, assignedLayers, outlineLayers, labelLayers],
  );

  // What is at a point of the grid (world units): the container whose box covers it (a 40 ft box
  // also covers the gap between its slots), else the slot whose box does.
  const pickAt = (coordinate: readonly number[] | undefined, x: number, y: number): GridPick | null => {
    const hit = coordinate ? slotAt(geometry, coordinate[0]!, coordinate[1]!) : null;
    if (!hit) return null;
    const occupant = texels.occupantOf(hit.slot);
    const onContainer =
      hit.where === 'box' ||
      (hit.where === 'left-gap' && texels.joins(hit.slot, 'left')) ||
      (hit.where === 'right-gap' && texels.joins(hit.slot, 'right'));
    if (occupant !== null && onContainer && store.container(occupant))
      return { kind: 'container', index: occupant, x, y };
    return hit.where === 'box' ? { kind: 'slot', slot: hit.slot, x, y } : null;
  };
  const hovering = useRef(false);

  const zoomBy = useCallback(
    (step: number) =>
      setViewState((current) =>
        current
          ? { ...current, zoom: Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, (current.zoom as number) + step)) }
          : current,
      ),
    [],
  );

  // The slot under the cursor as a pick: the container shown there, else the slot.
  const pickOfSlot = (slot: number, x: number, y: number): GridPick => {
    const occupant = texels.occupantOf(slot);
    return occupant !== null && store.container(occupant)
      ? { kind: 'container', index: occupant, x, y }
      : { kind: 'slot', slot, x, y };
  };
  // Brings the slot into sight; where its lower middle is on the canvas then.
  const showSlot = (slot: number) => {
    const box = cursorBoxOf(slot);
    if (!box || !viewState) return { x: width / 2, y: height / 2 };
    const view = { target: viewState.target as number[], zoom: viewState.zoom as number };
    const next = viewShowing(view, width, height, box, CURSOR_MIN_ZOOM);
    if (next !== view) setViewState({ ...viewState, target: [next.target[0]!, next.target[1]!, 0], zoom: next.zoom });
    return toScreen(next, width, height, (box[0] + box[2]) / 2, box[3]);
  };
  const startSlot = () => selectedSlot ?? markedSlot ?? 0;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys on the zoom buttons are theirs.
    if (event.target !== event.currentTarget || !viewState || !width || !height || !geometry.slotCount) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const step = slotStepOfKey(event.key);
    const menuKey = event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey);
    const choose = event.key === 'Enter' || event.key === ' ';
    const zoom = event.key === '+' || event.key === '=' ? 0.5 : event.key === '-' ? -0.5 : 0;
    if (!step && !menuKey && !choose && !zoom) return;
    event.preventDefault();
    setKeyboard(true);
    if (zoom) {
      zoomBy(zoom);
      return;
    }
    const slot = step ? stepSlot(geometry, cursor ?? startSlot(), step) : (cursor ?? startSlot());
    setCursor(slot);
    const at = showSlot(slot);
    if (choose) onPick(pickOfSlot(slot, at.x, at.y), 'left');
    if (menuKey) {
      // The menu closes on a keydown outside it, and it listens from the document, which this
      // keydown has yet to reach.
      event.stopPropagation();
      keyboardMenuAt.current = performance.now();
      onPick(pickOfSlot(slot, at.x, at.y), 'right');
    }
  };
  const cursorLabel = (() => {
    if (!cursorShown || cursor === null) return null;
    const area = geometry.areasById.get(geometry.slotAreaIds[cursor]!);
    const name = area
      ? slotName(
          area,
          geometry.slotRowIndexes[cursor]!,
          geometry.slotColumnIndexes[cursor]!,
          geometry.slotTiers[cursor]!,
          slotFormat,
        )
      : null;
    const occupant = texels.occupantOf(cursor);
    const container = occupant === null ? null : store.container(occupant);
    return {
      name: name ?? '',
      content: container
        ? `${container.number} · ${container.size} ft${container.planned ? ' · planned' : ''}`
        : (describeEmptySlot?.(cursor) ?? 'empty'),
    };
  })();

  // The zoom buttons stay as they are through live revisions.
  const controls = useMemo(() => {
    return (
      <Stack gap={4} pos="absolute" right={10} bottom={10}>
        <Tooltip label="Zoom in" position="left">
          <ActionIcon variant="default" onClick={() => zoomBy(0.5)} aria-label="Zoom in">
            <IconPlus size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Zoom out" position="left">
          <ActionIcon variant="default" onClick={() => zoomBy(-0.5)} aria-label="Zoom out">
            <IconMinus size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Whole yard" position="left">
          <ActionIcon
            variant="default"
            onClick={() => width && height && setViewState(fitView(yardBox, width, height, 2))}
            aria-label="Whole yard"
            data-testid="inventory-fit"
          >
            <IconMaximize size={16} />
          </ActionIcon>
        </Tooltip>
      </Stack>
    );
  }, [width, height, yardBox, zoomBy]);

  return (
    <Box
      ref={boxRef}
      pos="relative"
      h="100%"
      w="100%"
      tabIndex={0}
      role="application"
      aria-roledescription="yard grid"
      aria-label="Yard grid: arrow keys choose a slot, Enter selects its container, Shift+F10 opens its menu"
      data-testid="inventory-grid"
      data-version={store.version}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if (event.target !== event.currentTarget) return;
        setFocused(true);
        // Tabbed to (or given back after a menu or dialog the keyboard used): the cursor shows.
        if (event.currentTarget.matches(':focus-visible')) setKeyboard(true);
        if (cursor === null) setCursor(startSlot());
      }}
      onBlur={(event) => {
        if (event.target === event.currentTarget) setFocused(false);
      }}
      onPointerDown={() => {
        setKeyboard(false);
        keyboardMenuAt.current = Number.NEGATIVE_INFINITY;
      }}
      onContextMenu={(event) => {
        event.preventDefault();
        if (performance.now() - keyboardMenuAt.current < 1000) return;
        const bounds = event.currentTarget.getBoundingClientRect();
        const x = event.clientX - bounds.left;
        const y = event.clientY - bounds.top;
        const viewport = deckRef.current?.deck?.getViewports()[0];
        onPick(pickAt(viewport?.unproject([x, y]), x, y), 'right');
      }}
      style={{
        overflow: 'hidden',
        background: '#10151b',
        borderRadius: 'var(--mantine-radius-sm)',
        outline: focused && keyboard ? '2px solid var(--mantine-color-harbour-4)' : 'none',
        outlineOffset: -2,
      }}
    >
      {viewState && (
        <DeckGL
          ref={deckRef}
          id="inventory-slots"
          Deck={RetainedDeck}
          views={VIEW}
          deviceProps={SLOTS_DEVICE_PROPS}
          onDeviceInitialized={onDeviceInitialized}
          useDevicePixels={slotsPixelRatio(renderer, window.devicePixelRatio || 1)}
          viewState={viewState}
          onViewStateChange={({ viewState: next }) => setViewState(next)}
          controller={{
            doubleClickZoom: true,
            scrollZoom: { speed: 0.02, smooth: false },
            dragRotate: false,
            keyboard: false,
          }}
          layers={slotLayers}
          getCursor={({ isDragging }) => (isDragging ? 'grabbing' : hovering.current ? 'pointer' : 'default')}
          onHover={(info) => {
            hovering.current = pickAt(info.coordinate, info.x, info.y) !== null;
          }}
          onClick={(info, event) => {
            // deck.gl reports a right-button tap as a click too, after its double-click wait: it
            // would close the context menu the right click just opened (onContextMenu handles it).
            if (event.rightButton || event.middleButton) return;
            const hit = info.coordinate ? slotAt(geometry, info.coordinate[0]!, info.coordinate[1]!) : null;
            if (hit) setCursor(hit.slot);
            onPick(pickAt(info.coordinate, info.x, info.y), 'left');
          }}
          onAfterRender={() => {
            frames.drawn(performance.now());
            if (slots.revision === shownRevision.current) return;
            shownRevision.current = slots.revision;
            const { containerIds, since } = texels.takeShown();
            window.dispatchEvent(
              new CustomEvent('openyard:inventory-drawn', {
                detail: {
                  version: store.version,
                  revision: slots.revision,
                  containerIds,
                  receivedAt: since,
                  at: Date.now(),
                },
              }),
            );
          }}
        />
      )}
      {viewState && (
        // Follows the slots canvas's view; the pointer goes through it to the slots canvas.
        <DeckGL
          id="inventory-overlay"
          views={OVERLAY_VIEW}
          deviceProps={DEVICE_PROPS}
          viewState={viewState}
          controller={false}
          layers={overlayLayers}
          style={OVERLAY_STYLE}
        />
      )}
      {cursorLabel && (
        <Paper
          pos="absolute"
          left={10}
          top={10}
          px="sm"
          py={4}
          bg="rgba(16, 21, 27, 0.9)"
          style={{ pointerEvents: 'none' }}
          aria-live="polite"
          data-testid="inventory-grid-cursor"
          data-slot={cursorLabel.name}
        >
          <Text size="xs">
            <Text span ff="monospace" fw={700} size="xs">
              {cursorLabel.name}
            </Text>{' '}
            · {cursorLabel.content}
          </Text>
        </Paper>
      )}
      {controls}
    </Box>
  );
}
