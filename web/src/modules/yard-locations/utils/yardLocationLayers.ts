import { PolygonLayer, TextLayer } from '@deck.gl/layers';
import type { YardLocation } from '@openyard/contracts';
import { YARD_LOCATION_TYPE_COLOURS } from './yardLocationTypes';

const FONT = 'Inter, "Segoe UI", Roboto, Arial, sans-serif';

const ring = (location: YardLocation): [number, number][] =>
  location.coordinates.map((point) => [point.longitude, point.latitude]);

// The centre of a location's corners, where its name is written.
const middle = (location: YardLocation): [number, number] => {
  const points = ring(location);
  return [
    points.reduce((sum, [longitude]) => sum + longitude, 0) / points.length,
    points.reduce((sum, [, latitude]) => sum + latitude, 0) / points.length,
  ];
};

// The yard locations on the yard map: each polygon in its type's colour with its name written in
// it (the name and the list's type carry the meaning, not the colour alone). `highlightId` is drawn
// stronger (the row chosen in the list); `dimmed` draws them as the background of an editor.
export function yardLocationLayers(
  locations: readonly YardLocation[],
  { idPrefix, highlightId = null, dimmed = false }: { idPrefix: string; highlightId?: number | null; dimmed?: boolean },
) {
  const alpha = (location: YardLocation) => (dimmed ? 30 : location.id === highlightId ? 110 : 55);
  return [
    new PolygonLayer<YardLocation>({
      id: `${idPrefix}-polygons`,
      data: locations,
      getPolygon: ring,
      getFillColor: (location) => [...YARD_LOCATION_TYPE_COLOURS[location.type], alpha(location)],
      getLineColor: (location) => [...YARD_LOCATION_TYPE_COLOURS[location.type], dimmed ? 120 : 255],
      lineWidthUnits: 'pixels',
      getLineWidth: (location) => (location.id === highlightId ? 3 : 1.5),
      stroked: true,
      pickable: !dimmed,
      updateTriggers: { getFillColor: [highlightId, dimmed], getLineWidth: highlightId },
    }),
    new TextLayer<YardLocation>({
      id: `${idPrefix}-names`,
      data: locations,
      getPosition: middle,
      getText: (location) => location.name,
      getColor: dimmed ? [201, 209, 217, 150] : [248, 249, 250, 255],
      getSize: 12,
      getTextAnchor: 'middle',
      getAlignmentBaseline: 'center',
      background: !dimmed,
      getBackgroundColor: [14, 19, 23, 200],
      backgroundPadding: [3, 1],
      fontFamily: FONT,
      fontWeight: 600,
    }),
  ];
}
