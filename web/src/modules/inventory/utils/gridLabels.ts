import { rowStripTop, SLOT_HEIGHT, SLOT_WIDTH, type YardGeometry } from './yardGeometry';

export interface GridLabel {
  text: string;
  position: [number, number];
  size: number;
  anchor: 'start' | 'middle' | 'end';
  kind: 'area' | 'row' | 'column';
}

// Area names, row names (left of each row strip) and column labels (above the first row).
export function gridLabels(geometry: YardGeometry): GridLabel[] {
  const labels: GridLabel[] = [];
  for (const area of geometry.areas) {
    labels.push({
      text: `Area ${area.name}`,
      position: [area.bounds.x, area.bounds.y + 4.5],
      size: 7,
      anchor: 'start',
      kind: 'area',
    });
    area.rowNames.forEach((name, ordinal) => {
      labels.push({
        text: `R${name}`,
        position: [area.originX - 2, rowStripTop(area, ordinal) + (area.maxHeight * SLOT_HEIGHT) / 2],
        size: 3.4,
        anchor: 'end',
        kind: 'row',
      });
    });
    area.columnNames.forEach((name, ordinal) => {
      labels.push({
        text: name,
        position: [area.originX + ordinal * SLOT_WIDTH + SLOT_WIDTH / 2, area.originY - 2.4],
        size: 3,
        anchor: 'middle',
        kind: 'column',
      });
    });
  }
  return labels;
}
