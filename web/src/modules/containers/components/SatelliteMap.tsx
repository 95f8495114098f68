import { useMemo, useState, type Ref } from 'react';
import { MapView, WebMercatorViewport, type MapViewState } from '@deck.gl/core';
import { BitmapLayer, PolygonLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import { DeckGL, type DeckGLRef } from '@deck.gl/react';
import { Alert, Box, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { slotSpan, type AreaLayout, type ContainerLocation, type YardLayout } from '@openyard/contracts';
import { geoCellPolygon, geoCells } from '../utils/geoGrid';
import { mapTiles, type MapTile } from '../utils/mapTiles';

interface GeoArea {
  name: string;
  polygon: [number, number][];
}

interface Located {
  position: [number, number];
  label: string;
  // Its slot (both slots of a 40 ft box) on the map, when the layout places it.
  polygon: [number, number][] | null;
}

const geoAreaOf = (area: AreaLayout): GeoArea | null =>
  area.corners
    ? { name: area.name, polygon: area.corners.map((corner): [number, number] => [corner.longitude, corner.latitude]) }
    : null;

// The 'Satellite' tab: the geo-referenced areas and the containers' positions on a map; the
// raster basemap is drawn only when a tile URL is configured (MAP_TILE_URL).
export function SatelliteMap({
  layout,
  containers,
  tileUrl,
  yardCenter,
  deckRef,
}: {
  layout: YardLayout;
  containers: readonly ContainerLocation[];
  tileUrl: string;
  yardCenter: { latitude: number; longitude: number };
  deckRef: Ref<DeckGLRef>;
}) {
  const { ref, width, height } = useElementSize();
  const areas = useMemo(
    () => layout.areaLayouts.map(geoAreaOf).filter((area): area is GeoArea => area !== null),
    [layout],
  );
  const cells = useMemo(() => layout.areaLayouts.flatMap(geoCells), [layout]);
  const located = useMemo(
    () =>
      containers.flatMap((container): Located[] => {
        if (container.latitude === null || container.longitude === null) return [];
        const area = layout.areaLayouts.find((candidate) => candidate.name === container.area);
        const rowPosition = area
          ? [...area.rowLayouts].sort((a, b) => a.index - b.index).findIndex((row) => row.name === container.row)
          : -1;
        const columnPosition = area
          ? [...area.cellNames]
              .sort((a, b) => a.index - b.index)
              .findIndex((column) => column.name === container.column)
          : -1;
        const polygon =
          area && rowPosition >= 0 && columnPosition >= 0
            ? geoCellPolygon(area, rowPosition, columnPosition, slotSpan(container.size))
            : null;
        return [{ position: [container.longitude, container.latitude], label: container.containerNumber, polygon }];
      }),
    [containers, layout],
  );
  const center = located[0]?.position ?? [yardCenter.longitude, yardCenter.latitude];
  const [viewState, setViewState] = useState<MapViewState>({
    longitude: center[0],
    latitude: center[1],
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

  const layers = [
    ...tiles.map(
      (tile) =>
        new BitmapLayer<MapTile>({
          id: `tile-${tile.key}`,
          image: tile.url,
          bounds: tile.bounds,
        }),
    ),
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
    new PolygonLayer<Located>({
      id: 'container-slots',
      data: located.filter((point) => point.polygon !== null),
      getPolygon: (point) => point.polygon!,
      getFillColor: [255, 196, 0, 255],
      getLineColor: [255, 255, 255, 255],
      lineWidthUnits: 'pixels',
      getLineWidth: 2,
      stroked: true,
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
    new ScatterplotLayer<Located>({
      id: 'containers',
      data: located.filter((point) => point.polygon === null),
      getPosition: (point) => point.position,
      getFillColor: [255, 196, 0, 255],
      getLineColor: [255, 255, 255, 255],
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 2,
      radiusUnits: 'pixels',
      getRadius: 7,
    }),
    new TextLayer<Located>({
      id: 'container-labels',
      data: located,
      getPosition: (point) => point.position,
      getText: (point) => point.label,
      getColor: [255, 214, 102, 255],
      getSize: 12,
      getPixelOffset: [10, -10],
      getTextAnchor: 'start',
      background: true,
      getBackgroundColor: [14, 19, 23, 230],
      backgroundPadding: [4, 2],
      fontFamily: 'Inter, "Segoe UI", Roboto, Arial, sans-serif',
      fontWeight: 600,
    }),
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
      {!located.length && (
        <Alert color="orange" variant="light" p="xs" icon={<IconInfoCircle size={16} />}>
          <Text size="sm">The areas of these containers have no map position yet (bulk location).</Text>
        </Alert>
      )}
      <Box ref={ref} pos="relative" mih={380} bg="dark.8" style={{ flex: 1, borderRadius: 4, overflow: 'hidden' }}>
        {width > 0 && (
          <DeckGL
            ref={deckRef}
            views={new MapView({ id: 'satellite', repeat: false })}
            viewState={viewState}
            onViewStateChange={({ viewState: next }) => setViewState(next)}
            controller={{ dragRotate: false }}
            layers={layers}
            getCursor={({ isDragging }) => (isDragging ? 'grabbing' : 'grab')}
          />
        )}
      </Box>
    </Stack>
  );
}
