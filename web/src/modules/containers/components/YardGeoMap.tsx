import { useMemo, useState, type ReactNode, type Ref } from 'react';
import { MapView, WebMercatorViewport, type Layer, type MapViewState, type PickingInfo } from '@deck.gl/core';
import { BitmapLayer, PolygonLayer, TextLayer } from '@deck.gl/layers';
import { DeckGL, type DeckGLRef } from '@deck.gl/react';
import { Alert, Box, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import type { AreaLayout, YardLayout } from '@openyard/contracts';
import { geoCells } from '../utils/geoGrid';
import { mapTiles, type MapTile } from '../utils/mapTiles';

interface GeoArea {
  name: string;
  polygon: [number, number][];
}

const geoAreaOf = (area: AreaLayout): GeoArea | null =>
  area.corners
    ? { name: area.name, polygon: area.corners.map((corner): [number, number] => [corner.longitude, corner.latitude]) }
    : null;

// The drawing buffer is kept so that what the map shows can be printed or saved as PNG at any time.
const DEVICE_PROPS = { webgl: { preserveDrawingBuffer: true } };

// The yard on a geographic map (deck.gl): the raster basemap when a tile URL is configured
// (MAP_TILE_URL), the geo-referenced areas, their slot grid and names; `overlays` are drawn on top
// (containers, machine or ITV markers). One base for every screen that shows things where they are.
export function YardGeoMap({
  layout,
  tileUrl,
  center,
  overlays,
  deckRef,
  getTooltip,
  notice,
  testId,
  onMapClick,
  dragPanLocked = false,
}: {
  layout: YardLayout;
  tileUrl: string;
  // Where the map opens (it keeps its own view from then on).
  center: { latitude: number; longitude: number };
  overlays: readonly Layer[];
  deckRef?: Ref<DeckGLRef>;
  getTooltip?: (info: PickingInfo) => { html?: string; text?: string } | string | null;
  // Shown above the map, beside the no-imagery notice.
  notice?: ReactNode;
  testId?: string;
  // A click anywhere on the map, at its longitude and latitude (an editor adds a point there);
  // an overlay layer's own onClick that returns true keeps it.
  onMapClick?: (coordinate: [number, number]) => void;
  // While an overlay's handle is under the pointer or dragged, a drag moves it, not the map.
  dragPanLocked?: boolean;
}) {
  const { ref, width, height } = useElementSize();
  const areas = useMemo(
    () => layout.areaLayouts.map(geoAreaOf).filter((area): area is GeoArea => area !== null),
    [layout],
  );
  const cells = useMemo(() => layout.areaLayouts.flatMap(geoCells), [layout]);
  const [viewState, setViewState] = useState<MapViewState>({
    longitude: center.longitude,
    latitude: center.latitude,
    zoom: 17.5,
    minZoom: 3,
    maxZoom: 20,
  });

  const tiles = useMemo(() => {
    if (!tileUrl || !width || !height) return [];
    const viewport = new WebMercatorViewport({ ...viewState, width, height });
    const [[west, south], [east, north]] = [
      viewport.unproject([0, height]) as [number, number],
      viewport.unproject([width, 0]) as [number, number],
    ];
    return mapTiles(tileUrl, [west, south, east, north], viewState.zoom);
  }, [tileUrl, viewState, width, height]);

  const base = useMemo(
    () => [
      new PolygonLayer<GeoArea>({
        id: 'areas',
        data: areas,
        getPolygon: (area) => area.polygon,
        getFillColor: tileUrl ? [67, 195, 211, 40] : [43, 51, 61, 255],
        getLineColor: [104, 210, 222, 255],
        lineWidthUnits: 'pixels',
        getLineWidth: 1.5,
        stroked: true,
      }),
      new PolygonLayer<[number, number][]>({
        id: 'slots',
        data: cells,
        getPolygon: (cell) => cell,
        filled: false,
        stroked: true,
        getLineColor: tileUrl ? [201, 209, 217, 110] : [20, 26, 32, 255],
        lineWidthUnits: 'pixels',
        getLineWidth: 1,
      }),
      new TextLayer<GeoArea>({
        id: 'area-names',
        data: areas,
        getPosition: (area) => area.polygon[0]!,
        getText: (area) => `Area ${area.name}`,
        getColor: [201, 209, 217, 255],
        getSize: 13,
        getTextAnchor: 'start',
        getAlignmentBaseline: 'bottom',
        fontFamily: 'Inter, "Segoe UI", Roboto, Arial, sans-serif',
        fontWeight: 600,
      }),
    ],
    [areas, cells, tileUrl],
  );

  const layers = [
    ...tiles.map(
      (tile) =>
        new BitmapLayer<MapTile>({
          id: `tile-${tile.key}`,
          image: tile.url,
          bounds: tile.bounds,
        }),
    ),
    ...base,
    ...overlays,
  ];

  return (
    <Stack gap="xs" h="100%">
      {!tileUrl && (
        <Alert color="gray" variant="light" p="xs" icon={<IconInfoCircle size={16} />} data-testid="satellite-no-tiles">
          <Text size="sm">
            No satellite imagery is configured (MAP_TILE_URL); the areas are drawn at their surveyed corners.
          </Text>
        </Alert>
      )}
      {notice}
      <Box
        ref={ref}
        pos="relative"
        mih={380}
        bg="dark.8"
        style={{ flex: 1, borderRadius: 4, overflow: 'hidden' }}
        data-testid={testId}
      >
        {width > 0 && (
          <DeckGL
            ref={deckRef}
            views={new MapView({ id: 'satellite', repeat: false })}
            viewState={viewState}
            onViewStateChange={({ viewState: next }) => setViewState(next)}
            // An editor's clicks add points: a second click soon after is not a zoom.
            controller={{ dragRotate: false, dragPan: !dragPanLocked, doubleClickZoom: !onMapClick }}
            layers={layers}
            deviceProps={DEVICE_PROPS}
            getCursor={({ isDragging, isHovering }) =>
              isDragging ? 'grabbing' : isHovering ? 'pointer' : onMapClick ? 'crosshair' : 'grab'
            }
            {...(getTooltip ? { getTooltip } : {})}
            {...(onMapClick
              ? {
                  onClick: (info: PickingInfo) => {
                    if (info.coordinate) onMapClick([info.coordinate[0]!, info.coordinate[1]!]);
                  },
                }
              : {})}
          />
        )}
      </Box>
    </Stack>
  );
}
