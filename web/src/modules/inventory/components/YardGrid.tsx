import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { ActionIcon, Box, Stack, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconMaximize, IconMinus, IconPlus } from '@tabler/icons-react';
import { OrthographicView, type OrthographicViewState, type PickingInfo } from '@deck.gl/core';
import { LineLayer, TextLayer } from '@deck.gl/layers';
import DeckGL, { type DeckGLRef } from '@deck.gl/react';
import type { InventoryStore } from '../utils/InventoryStore';
import type { GridFilters } from '../utils/gridFilters';
import { ContainerBuffers, outlineData, ruleFootData, slotData } from '../utils/gridLayerData';
import { gridLabels, type GridLabel } from '../utils/gridLabels';
import type { GridFocus, GridPick } from '../utils/GridPick';
import type { Rgba } from '../utils/parseColor';
import { SLOT_GAP, SLOT_HEIGHT, slotBox, type YardGeometry } from '../utils/yardGeometry';

const VIEW = new OrthographicView({ id: 'yard', flipY: true, controller: true });
const BOX_WIDTH = SLOT_HEIGHT - SLOT_GAP;
const HIGHLIGHT: Rgba = [34, 211, 238, 255];
const SELECTED: Rgba = [255, 255, 255, 255];
const SLOT_MARK: Rgba = [250, 204, 21, 255];
const MIN_ZOOM = -3;
const MAX_ZOOM = 5;

interface YardGridProps {
  store: InventoryStore;
  geometry: YardGeometry;
  filters: GridFilters;
  rules: Map<string, Rgba> | null;
  highlighted: readonly number[];
  selectedContainerId: number | null;
  markedSlot: number | null;
  focus: GridFocus | null;
  onPick: (pick: GridPick | null, button: 'left' | 'right') => void;
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

// The yard as one deck.gl canvas (orthographic view): every slot a box, containers over them in
// their liner's colour, 40 ft boxes across their pair, planned slots dashed yellow and struck
// through. Layers take binary attributes built from the store's typed arrays, rebuilt at most once
// per animation frame; panning and zooming touch no attribute. After a frame shows new data it
// announces it (`openyard:inventory-drawn`) with the containers it brought, for latency figures.
export function YardGrid({
  store,
  geometry,
  filters,
  rules,
  highlighted,
  selectedContainerId,
  markedSlot,
  focus,
  onPick,
}: YardGridProps) {
  const revision = useSyncExternalStore(store.subscribe, store.getRevision);
  const { ref: sizeRef, width, height } = useElementSize();
  const deckRef = useRef<DeckGLRef>(null);
  const [viewState, setViewState] = useState<OrthographicViewState | null>(null);
  const shownRevision = useRef(0);

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

  // The containers' buffers live as long as the grid; each revision patches what changed.
  const [buffers] = useState(() => new ContainerBuffers());
  const containers = useMemo(
    () => buffers.update(store, geometry, filters, store.takeDirty()),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the store is mutable; revision marks its changes
    [buffers, store, geometry, filters, revision],
  );
  const slots = useMemo(() => slotData(geometry, rules), [geometry, rules]);
  const ruleFeet = useMemo(() => (rules ? ruleFootData(geometry, rules) : null), [geometry, rules]);
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
            store.sizes[index]! > 20 ? 2 : 1,
          )
        : null;
    },
    [geometry, store],
  );
  const highlightOutlines = useMemo(() => {
    const boxes = [];
    for (const containerId of highlighted) {
      const index = store.indexOf(containerId);
      const box = index === null ? null : boxOf(index);
      if (box) boxes.push(box);
    }
    return outlineData(boxes, HIGHLIGHT);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the store is mutable; revision marks its changes
  }, [highlighted, boxOf, store, revision]);
  const selectionOutline = useMemo(() => {
    const boxes = [];
    const index = selectedContainerId === null ? null : store.indexOf(selectedContainerId);
    const box = index === null ? null : boxOf(index);
    if (box) boxes.push(box);
    if (markedSlot !== null && markedSlot < geometry.slotCount) {
      const area = geometry.areasById.get(geometry.slotAreaIds[markedSlot]!);
      const slot = area
        ? slotBox(
            area,
            geometry.slotRowIndexes[markedSlot]!,
            geometry.slotColumnIndexes[markedSlot]!,
            geometry.slotTiers[markedSlot]!,
          )
        : null;
      if (slot) return { selected: outlineData(boxes, SELECTED), slot: outlineData([slot], SLOT_MARK) };
    }
    return { selected: outlineData(boxes, SELECTED), slot: null };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the store is mutable; revision marks its changes
  }, [selectedContainerId, markedSlot, boxOf, geometry, store, revision]);

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

  const layers = useMemo(
    () => [
      ruleFeet && new LineLayer({ id: 'rule-feet', data: ruleFeet, widthUnits: 'common', getWidth: 0.9 }),
      new LineLayer({ id: 'slots', data: slots, widthUnits: 'common', getWidth: BOX_WIDTH, pickable: true }),
      new LineLayer({ id: 'containers', data: containers, widthUnits: 'common', getWidth: BOX_WIDTH, pickable: true }),
      new LineLayer({ id: 'planned', data: containers.planned, widthUnits: 'pixels', getWidth: 1.5 }),
      new LineLayer({ id: 'highlights', data: highlightOutlines, widthUnits: 'pixels', getWidth: 2 }),
      new LineLayer({ id: 'selection', data: selectionOutline.selected, widthUnits: 'pixels', getWidth: 3 }),
      selectionOutline.slot &&
        new LineLayer({ id: 'marked-slot', data: selectionOutline.slot, widthUnits: 'pixels', getWidth: 2.5 }),
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
    [ruleFeet, slots, containers, highlightOutlines, selectionOutline, areaLabels, shownLabels],
  );

  const pickAt = (x: number, y: number): GridPick | null => {
    const info = deckRef.current?.pickObject({ x, y, radius: 0, layerIds: ['containers', 'slots'] });
    return info ? toPick(info, x, y) : null;
  };
  const toPick = (info: PickingInfo, x: number, y: number): GridPick | null => {
    if (info.index < 0 || !info.layer) return null;
    if (info.layer.id === 'containers') {
      return store.container(info.index) ? { kind: 'container', index: info.index, x, y } : null;
    }
    if (info.layer.id === 'slots') {
      // An empty-looking slot may be the second half of a 40 ft box: that box is what is there.
      const occupant = store.occupantOf(
        geometry.slotAreaIds[info.index]!,
        geometry.slotRowIndexes[info.index]!,
        geometry.slotColumnIndexes[info.index]!,
        geometry.slotTiers[info.index]!,
      );
      return occupant !== null
        ? { kind: 'container', index: occupant, x, y }
        : { kind: 'slot', slot: info.index, x, y };
    }
    return null;
  };

  const zoomBy = (step: number) =>
    setViewState((current) =>
      current ? { ...current, zoom: Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, (current.zoom as number) + step)) } : current,
    );

  return (
    <Box
      ref={sizeRef}
      pos="relative"
      h="100%"
      w="100%"
      data-testid="inventory-grid"
      data-version={store.version}
      onContextMenu={(event) => {
        event.preventDefault();
        const bounds = event.currentTarget.getBoundingClientRect();
        const x = event.clientX - bounds.left;
        const y = event.clientY - bounds.top;
        onPick(pickAt(x, y), 'right');
      }}
      style={{ overflow: 'hidden', background: '#10151b', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      {viewState && (
        <DeckGL
          ref={deckRef}
          views={VIEW}
          viewState={viewState}
          onViewStateChange={({ viewState: next }) => setViewState(next)}
          controller={{ doubleClickZoom: true, scrollZoom: { speed: 0.02, smooth: false }, dragRotate: false }}
          layers={layers}
          getCursor={({ isHovering, isDragging }) => (isDragging ? 'grabbing' : isHovering ? 'pointer' : 'default')}
          onClick={(info) => onPick(toPick(info, info.x, info.y), 'left')}
          onAfterRender={() => {
            if (containers.revision === shownRevision.current) return;
            shownRevision.current = containers.revision;
            const { containerIds, since } = store.takeChanged();
            window.dispatchEvent(
              new CustomEvent('openyard:inventory-drawn', {
                detail: {
                  version: store.version,
                  revision: containers.revision,
                  containerIds,
                  receivedAt: since,
                  at: Date.now(),
                },
              }),
            );
          }}
        />
      )}
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
    </Box>
  );
}
