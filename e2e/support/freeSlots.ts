import { apiClient } from './api';

// Empty ground-or-top slots of 20 ft areas (no merged pairs), read from the live inventory.
export async function freeSlots(baseUrl: string, token: string, count: number): Promise<string[]> {
  const api = apiClient(baseUrl, token);
  const layout = await api.yard.layout();
  const snapshot = await api.inventory.load();
  const slots: string[] = [];
  for (const area of layout.areaLayouts) {
    if (area.cellNames.some((column) => column.merged)) continue;
    const heights = new Map<string, number>();
    for (const container of snapshot.containers) {
      if (container.area !== area.name || container.rowIndex === null || container.columnIndex === null) continue;
      const key = `${container.rowIndex}/${container.columnIndex}`;
      heights.set(key, Math.max(heights.get(key) ?? 0, container.tier ?? 0));
    }
    for (const row of area.rowLayouts)
      for (const column of area.cellNames) {
        const height = heights.get(`${row.index}/${column.index}`) ?? 0;
        if (height >= area.maxHeight) continue;
        slots.push(`${area.name}_${row.name}_${column.name}_${area.heightNames[height]}`);
        if (slots.length === count) return slots;
      }
  }
  throw new Error('the demo yard has no free 20 ft slot');
}
