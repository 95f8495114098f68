import { describe, expect, it } from 'vitest';
import { wallGridOf, wallLayoutOf } from './wallLayoutOf';

const available = ['yard', 'gate', 'ocr', 'machines'];

describe('wallLayoutOf', () => {
  it('shows every available tile, side by side, when the address chooses nothing', () => {
    expect(wallLayoutOf('', available)).toEqual({ tiles: available, variants: {}, rotateSeconds: null });
  });

  it('shows the default tiles among the available ones when the address chooses nothing', () => {
    expect(wallLayoutOf('', [...available, 'gate-in-out'], ['machines', 'alarms', 'yard'])).toEqual({
      tiles: ['machines', 'yard'],
      variants: {},
      rotateSeconds: null,
    });
    expect(wallLayoutOf('?tiles=gate-in-out', [...available, 'gate-in-out'], ['yard']).tiles).toEqual(['gate-in-out']);
    // No default available: every available tile.
    expect(wallLayoutOf('', ['gate-in-out'], ['yard']).tiles).toEqual(['gate-in-out']);
  });

  it('takes the chosen tiles in their order, once each, leaving out unknown ones', () => {
    expect(wallLayoutOf('?tiles=machines,Yard,bogus,machines', available).tiles).toEqual(['machines', 'yard']);
    // Nothing usable chosen: everything rather than a black screen.
    expect(wallLayoutOf('?tiles=alarms', available).tiles).toEqual(available);
  });

  it('takes a tile’s variant after a colon, for the tiles shown only', () => {
    const layout = wallLayoutOf('?tiles=customer-inventory:Pie,yard,gate:line', [...available, 'customer-inventory']);
    expect(layout.tiles).toEqual(['customer-inventory', 'yard', 'gate']);
    expect(layout.variants).toEqual({ 'customer-inventory': 'pie', gate: 'line' });
    expect(wallLayoutOf('?tiles=bogus:pie,yard', available).variants).toEqual({});
  });

  it('rotates every n seconds, within bounds', () => {
    expect(wallLayoutOf('?rotate=20', available).rotateSeconds).toBe(20);
    expect(wallLayoutOf('?rotate=1', available).rotateSeconds).toBe(5);
    expect(wallLayoutOf('?rotate=99999', available).rotateSeconds).toBe(3600);
    expect(wallLayoutOf('?rotate=soon', available).rotateSeconds).toBeNull();
    expect(wallLayoutOf('?rotate=0', available).rotateSeconds).toBeNull();
  });
});

describe('wallGridOf', () => {
  it('lays tiles out in a near-square grid', () => {
    expect(wallGridOf(1)).toEqual({ columns: 1, rows: 1, firstColumns: 1 });
    expect(wallGridOf(2)).toEqual({ columns: 2, rows: 1, firstColumns: 1 });
    expect(wallGridOf(4)).toEqual({ columns: 2, rows: 2, firstColumns: 1 });
  });

  it('makes the first tile wider rather than leave a hole in the grid', () => {
    expect(wallGridOf(3)).toEqual({ columns: 2, rows: 2, firstColumns: 2 });
    expect(wallGridOf(5)).toEqual({ columns: 3, rows: 2, firstColumns: 2 });
    // A whole first row.
    expect(wallGridOf(7)).toEqual({ columns: 3, rows: 3, firstColumns: 3 });
    expect(wallGridOf(8)).toEqual({ columns: 3, rows: 3, firstColumns: 2 });
  });
});
