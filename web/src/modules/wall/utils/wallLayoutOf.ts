// What the wall shows, from its address: `?tiles=yard,gate,ocr,machines,gate-in-out` (in that
// order; unknown or unavailable tiles are left out, none given means the default tiles among the
// available ones), a tile's variant after a colon (`customer-inventory:pie`, a dashboard widget's
// chart type; the tile ignores one it does not have) and `?rotate=20` (one tile at a time, 20
// seconds each; without it the tiles share the screen).
export interface WallLayout {
  tiles: string[];
  // The variant asked for a tile, by tile id.
  variants: Record<string, string>;
  rotateSeconds: number | null;
}

const MIN_ROTATE_SECONDS = 5;
const MAX_ROTATE_SECONDS = 3600;

export function wallLayoutOf(
  search: string,
  available: readonly string[],
  defaults: readonly string[] = available,
): WallLayout {
  const params = new URLSearchParams(search);
  const variants: Record<string, string> = {};
  const asked = (params.get('tiles') ?? '')
    .split(',')
    .map((part) => {
      const [id = '', variant = ''] = part.split(':').map((piece) => piece.trim());
      const key = id.toLowerCase();
      if (key && variant && variants[key] === undefined) variants[key] = variant.toLowerCase();
      return key;
    })
    .filter((id) => id !== '');
  const chosen = asked.filter((id, index) => available.includes(id) && asked.indexOf(id) === index);
  const rotate = Number(params.get('rotate'));
  const rotateSeconds =
    params.has('rotate') && Number.isFinite(rotate) && rotate > 0
      ? Math.min(MAX_ROTATE_SECONDS, Math.max(MIN_ROTATE_SECONDS, Math.round(rotate)))
      : null;
  const byDefault = defaults.filter((id) => available.includes(id));
  const tiles = asked.length && chosen.length ? chosen : byDefault.length ? byDefault : [...available];
  return {
    tiles,
    variants: Object.fromEntries(Object.entries(variants).filter(([id]) => tiles.includes(id))),
    rotateSeconds,
  };
}

// Rows and columns for `count` tiles sharing the screen: a near-square grid, filled row by row; the
// first tile is as many columns wide as leaves no hole in the grid (five tiles: the first across two
// columns beside one, three below). Wide rather than tall: the yard's figures stand in a row, and
// charts read across.
export function wallGridOf(count: number): { columns: number; rows: number; firstColumns: number } {
  const columns = Math.max(1, Math.ceil(Math.sqrt(count)));
  const rows = Math.max(1, Math.ceil(count / columns));
  const spare = columns * rows - Math.max(1, count);
  return { columns, rows, firstColumns: spare + 1 };
}
