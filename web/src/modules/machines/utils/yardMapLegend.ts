import type { YardMapPrintObject } from '@openyard/contracts';
import { formatDateTime } from '../../../ui/formatDateTime';
import { MARKER_COLOURS } from './markerColours';

export interface YardMapLegendLine {
  label: string;
  colour: YardMapPrintObject['dataprovider'][number]['statusColour'];
  text: string;
}

// The legend printed under the map: one line per machine of the print object, by label, saying
// what the marker means (spec 2 §3 Machine location marker), times in the yard's zone.
export function yardMapLegend(print: YardMapPrintObject, timeZone?: string): YardMapLegendLine[] {
  return print.dataprovider.map((marker) => ({
    label: marker.label,
    colour: marker.statusColour,
    text: [
      marker.machineName,
      marker.machineTypeName,
      marker.machineStatusName,
      MARKER_COLOURS[marker.statusColour].meaning,
      marker.lastDataReceivedTime === null ? '' : `last data ${formatDateTime(marker.lastDataReceivedTime, timeZone)}`,
      marker.position ? '' : 'no position',
    ]
      .filter(Boolean)
      .join(' · '),
  }));
}
