import { useMemo, type Ref } from 'react';
import { PolygonLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import type { DeckGLRef } from '@deck.gl/react';
import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { slotSpan, type PublicContainerLocation, type YardLayout } from '@openyard/contracts';
import { geoCellPolygon } from '../utils/geoGrid';
import { YardGeoMap } from './YardGeoMap';

interface Located {
  position: [number, number];
  label: string;
  // Its slot (both slots of a 40 ft box) on the map, when the layout places it.
  polygon: [number, number][] | null;
}

// The 'Satellite' tab: the containers' positions on the yard's geographic map (YardGeoMap).
export function SatelliteMap({
  layout,
  containers,
  tileUrl,
  yardCenter,
  deckRef,
}: {
  layout: YardLayout;
  containers: readonly PublicContainerLocation[];
  tileUrl: string;
  yardCenter: { latitude: number; longitude: number };
  deckRef: Ref<DeckGLRef>;
}) {
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
  const first = located[0]?.position;
  const center = first ? { longitude: first[0], latitude: first[1] } : yardCenter;

  const overlays = [
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
    <YardGeoMap
      layout={layout}
      tileUrl={tileUrl}
      center={center}
      overlays={overlays}
      deckRef={deckRef}
      notice={
        !located.length && (
          <Alert color="orange" variant="light" p="xs" icon={<IconInfoCircle size={16} />}>
            <Text size="sm">The areas of these containers have no map position yet (bulk location).</Text>
          </Alert>
        )
      }
    />
  );
}
