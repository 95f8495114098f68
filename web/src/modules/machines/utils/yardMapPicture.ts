import type { YardMapPrintObject } from '@openyard/contracts';
import { MARKER_COLOURS } from './markerColours';
import type { YardMapLegendLine } from './yardMapLegend';

const FONT = 'Inter, "Segoe UI", Roboto, Arial, sans-serif';
const LINE = 24;
const PADDING = 16;
const TITLE = 40;
const LEGEND_COLUMN = 420;
// The ground the map is drawn on, on screen (Mantine dark.8).
const MAP_GROUND = '#141a20';

// The picture that is printed or saved: the title, the map as the screen draws it (the deck.gl
// canvas), and the legend of the print object below it, on white.
export function yardMapPicture(
  map: HTMLCanvasElement,
  print: YardMapPrintObject,
  legend: readonly YardMapLegendLine[],
): HTMLCanvasElement {
  const width = Math.max(map.width, LEGEND_COLUMN + 2 * PADDING);
  const columns = Math.max(1, Math.floor((width - 2 * PADDING) / LEGEND_COLUMN));
  const rows = Math.ceil(legend.length / columns);
  const picture = document.createElement('canvas');
  picture.width = width;
  picture.height = TITLE + map.height + PADDING + rows * LINE + PADDING;
  const context = picture.getContext('2d');
  if (!context) return map;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, picture.width, picture.height);
  context.fillStyle = '#212529';
  context.font = `600 18px ${FONT}`;
  context.textBaseline = 'middle';
  context.fillText(print.title, PADDING, TITLE / 2);
  // The map's canvas is transparent where the screen shows its dark ground through it.
  context.fillStyle = MAP_GROUND;
  context.fillRect(0, TITLE, map.width, map.height);
  context.drawImage(map, 0, TITLE);
  legend.forEach((line, index) => {
    const x = PADDING + Math.floor(index / rows) * LEGEND_COLUMN;
    const y = TITLE + map.height + PADDING + (index % rows) * LINE + LINE / 2;
    const [red, green, blue] = MARKER_COLOURS[line.colour].rgba;
    context.fillStyle = `rgb(${red}, ${green}, ${blue})`;
    context.beginPath();
    context.arc(x + 10, y, 10, 0, 2 * Math.PI);
    context.fill();
    context.fillStyle = '#ffffff';
    context.font = `700 11px ${FONT}`;
    context.textAlign = 'center';
    context.fillText(line.label, x + 10, y);
    context.fillStyle = '#212529';
    context.font = `12px ${FONT}`;
    context.textAlign = 'left';
    context.fillText(line.text, x + 26, y, LEGEND_COLUMN - 32);
  });
  return picture;
}
