import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { YardLayout } from '@openyard/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /rest/yard/layout', () => {
  it('returns the demo areas with rows, cells, heights and merged 40 ft pairs, without login', async () => {
    const response = await t.app.inject({ url: '/rest/yard/layout' });
    expect(response.statusCode).toBe(200);
    const layout = response.json<YardLayout>();
    expect(layout.slotFormat).toBe('area_row_column_height');
    expect(layout.areaLayouts.map((area) => area.name)).toEqual(['A', 'B', 'C', 'D', 'E']);
    const total = layout.areaLayouts.reduce((sum, area) => sum + area.totalSlots, 0);
    expect(total).toBeGreaterThanOrEqual(2000);
    for (const area of layout.areaLayouts) {
      expect(area.maxHeight).toBeGreaterThanOrEqual(4);
      expect(area.heightNames).toHaveLength(area.maxHeight);
      expect(area.totalSlots).toBe(area.rowLayouts.length * area.cellNames.length * area.maxHeight);
      expect(area.corners).toHaveLength(4);
      for (const row of area.rowLayouts) {
        expect(row.cellLayouts.map((cell) => cell.columnIndex)).toEqual(area.cellNames.map((column) => column.index));
        expect(row.cellLayouts[0]?.fullName).toBe(`${area.name}_${row.name}_${row.cellLayouts[0]?.name}`);
      }
      // Merged columns start 40 ft pairs: never two starts in a row, never on the last column.
      const starts = area.cellNames.filter((column) => column.merged).map((column) => column.index);
      for (const start of starts) {
        expect(starts).not.toContain(start + 1);
        expect(start).toBeLessThan(area.cellNames.length);
      }
    }
    expect(layout.areaLayouts.some((area) => area.cellNames.some((column) => column.merged))).toBe(true);
  });
});

describe('GET /rest/metadata', () => {
  it('answers the configuration constants without login', async () => {
    const response = await t.app.inject({ url: '/rest/metadata' });
    expect(response.json()).toMatchObject({
      sessionExpireInIdleMins: 30,
      paginationItemsPerPage: 15,
      enterpriseVersion: true,
      slotFormat: 'area_row_column_height',
      startHeight: 1,
    });
  });
});
