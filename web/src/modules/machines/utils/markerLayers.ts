import { ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import { MARKER_COLOURS } from './markerColours';
import type { MapMarker } from './MapMarker';

const FONT = 'Inter, "Segoe UI", Roboto, Arial, sans-serif';

// The markers on the yard map: a disc in the status colour with the label inside, the name beside
// it. Markers without a position are not drawn (the legend lists them). `idPrefix` keeps the layers
// of machines and ITVs apart; the disc layer is pickable for the tooltip.
export function markerLayers(markers: readonly MapMarker[], idPrefix: string) {
  const placed = markers.filter((marker) => marker.position !== null);
  return [
    new ScatterplotLayer<MapMarker>({
      id: `${idPrefix}-markers`,
      data: placed,
      pickable: true,
      getPosition: (marker) => marker.position!,
      getFillColor: (marker) => MARKER_COLOURS[marker.colour].rgba,
      getLineColor: [255, 255, 255, 255],
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 2,
      radiusUnits: 'pixels',
      getRadius: 11,
      updateTriggers: { getFillColor: placed.map((marker) => marker.colour).join() },
    }),
    new TextLayer<MapMarker>({
      id: `${idPrefix}-labels`,
      data: placed,
      getPosition: (marker) => marker.position!,
      getText: (marker) => marker.label,
      getColor: [255, 255, 255, 255],
      getSize: 12,
      getTextAnchor: 'middle',
      getAlignmentBaseline: 'center',
      fontFamily: FONT,
      fontWeight: 700,
    }),
    new TextLayer<MapMarker>({
      id: `${idPrefix}-names`,
      data: placed,
      getPosition: (marker) => marker.position!,
      getText: (marker) => marker.name,
      getColor: [233, 236, 239, 255],
      getSize: 11,
      getPixelOffset: [15, 0],
      getTextAnchor: 'start',
      getAlignmentBaseline: 'center',
      background: true,
      getBackgroundColor: [14, 19, 23, 210],
      backgroundPadding: [3, 1],
      fontFamily: FONT,
      fontWeight: 600,
    }),
  ];
}

// The tooltip of a marker the pointer is on.
export function markerTooltip(marker: MapMarker | null | undefined, lastHeard: string): { text: string } | null {
  if (!marker) return null;
  return {
    text: `${marker.label} · ${marker.name}\n${marker.detail}\n${MARKER_COLOURS[marker.colour].meaning}\n${lastHeard}`,
  };
}
