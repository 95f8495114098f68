import { messages } from '../messages';

// Slot names and the yard's placement rules (spec 1 §3, spec 2 §3-§5): a slot is written with the
// configured slot format, by default area_row_column_height; a height may be left out and then
// defaults to the configured start height. Web (instant feedback) and server (authority) use these.

export const DEFAULT_SLOT_FORMAT = 'area_row_column_height';
export const SLOT_TOKENS = ['area', 'row', 'column', 'height'] as const;
export type SlotToken = (typeof SLOT_TOKENS)[number];

export interface SlotNameParts {
  area: string;
  row: string;
  column: string;
  height: string;
}

// Name parts: letters and digits; an area name may also hold hyphens (yard_areas allows them).
// With a hyphen as separator, a hyphenated area name needs the height written out.
const PART = '[A-Za-z0-9]+';
const AREA_PART = '[A-Za-z0-9-]+?';

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Template {
  tokens: SlotToken[];
  // separators[i] comes before tokens[i]; the last one ends the name.
  separators: string[];
}

// The format as tokens and the separators around them: 'area_row_column_height' ->
// tokens [area, row, column, height], separators ['', '_', '_', '_', ''].
const templates = new Map<string, Template>();

function template(format: string, withHeight: boolean): Template {
  const key = `${withHeight ? 'h' : '-'}${format}`;
  const cached = templates.get(key);
  if (cached) return cached;
  const built = buildTemplate(format, withHeight);
  templates.set(key, built);
  return built;
}

function buildTemplate(format: string, withHeight: boolean): Template {
  const pattern = new RegExp(SLOT_TOKENS.join('|'), 'g');
  const tokens: SlotToken[] = [];
  const separators: string[] = [];
  let last = 0;
  for (const match of format.matchAll(pattern)) {
    separators.push(format.slice(last, match.index));
    tokens.push(match[0] as SlotToken);
    last = match.index + match[0].length;
  }
  separators.push(format.slice(last));
  for (const token of SLOT_TOKENS) {
    if (tokens.filter((t) => t === token).length !== 1)
      throw new RangeError(`Slot format "${format}" must name ${token} once`);
  }
  if (withHeight) return { tokens, separators };
  // Without the height, one separator beside it goes too: the one before it when it is last.
  const index = tokens.indexOf('height');
  const dropSeparator = index === tokens.length - 1 ? index : index + 1;
  return {
    tokens: tokens.filter((_, i) => i !== index),
    separators: separators.filter((_, i) => i !== dropSeparator),
  };
}

const compiled = new Map<string, { full: RegExp; fullTokens: SlotToken[]; short: RegExp; shortTokens: SlotToken[] }>();

function regexOf({ tokens, separators }: Template): RegExp {
  const group = (token: SlotToken) => `(${token === 'area' ? AREA_PART : PART})`;
  return new RegExp(
    '^' + escape(separators[0]!) + tokens.map((token, i) => group(token) + escape(separators[i + 1]!)).join('') + '$',
  );
}

function compile(format: string) {
  const cached = compiled.get(format);
  if (cached) return cached;
  const full = template(format, true);
  const short = template(format, false);
  const result = { full: regexOf(full), fullTokens: full.tokens, short: regexOf(short), shortTokens: short.tokens };
  compiled.set(format, result);
  return result;
}

// Writes a slot name; without a height it writes the cell name (area_row_column), as cells are named.
export function formatSlotName(
  parts: { area: string; row: string; column: string; height?: string | null },
  format: string = DEFAULT_SLOT_FORMAT,
): string {
  const withHeight = parts.height !== undefined && parts.height !== null && parts.height !== '';
  const { tokens, separators } = template(format, withHeight);
  const value = (token: SlotToken) => (token === 'height' ? parts.height! : parts[token]);
  return separators[0]! + tokens.map((token, i) => value(token) + separators[i + 1]!).join('');
}

// Reads a slot name; the height is null when the name leaves it out. Null when it does not fit.
export function parseSlotName(
  text: string,
  format: string = DEFAULT_SLOT_FORMAT,
): (Omit<SlotNameParts, 'height'> & { height: string | null }) | null {
  const value = text.trim();
  if (!value) return null;
  const { full, fullTokens, short, shortTokens } = compile(format);
  const read = (match: RegExpExecArray, tokens: SlotToken[]) => {
    const parts: Partial<Record<SlotToken, string>> = {};
    tokens.forEach((token, index) => (parts[token] = match[index + 1]));
    return { area: parts.area!, row: parts.row!, column: parts.column!, height: parts.height ?? null };
  };
  const complete = full.exec(value);
  if (complete) return read(complete, fullTokens);
  const partial = short.exec(value);
  return partial ? read(partial, shortTokens) : null;
}

// Tiers are counted from 1 at the ground; their names start at the configured start height (0 or 1).
export function heightName(tier: number, startHeight: number): string {
  return String(tier - 1 + startHeight);
}

export function tierOfHeightName(name: string, startHeight: number): number | null {
  if (!/^\d+$/.test(name)) return null;
  const tier = Number(name) - startHeight + 1;
  return tier >= 1 ? tier : null;
}

export function heightNames(maxHeight: number, startHeight: number): string[] {
  return Array.from({ length: maxHeight }, (_, level) => heightName(level + 1, startHeight));
}

// A column's label. Columns carry a number (1, 2, ...); port-style numbering gives 20 ft bays odd
// numbers (01, 03, ...) as terminals paint them. A label that is not a number is shown as it is.
export function columnLabel(column: number | string, portStyle: boolean): string {
  const text = String(column);
  if (!portStyle || !/^\d+$/.test(text)) return text;
  return String(2 * Number(text) - 1).padStart(2, '0');
}

// Spec 2 §9: a size of 20 is 20 ft; anything longer (40, 45) fills two slots of a merged pair.
export function slotSpan(lengthFeet: number): 1 | 2 {
  return lengthFeet > 20 ? 2 : 1;
}

export function sizeClass(lengthFeet: number): 20 | 40 {
  return lengthFeet > 20 ? 40 : 20;
}

// Spec 2 §9: occupancy is floor(100 x filled / total slots).
export function occupancy(filled: number, total: number): number {
  return total > 0 ? Math.floor((100 * filled) / total) : 0;
}

export interface ColumnInfo {
  index: number;
  // First column of a merged 40 ft pair (it and the next column hold one 40 ft box).
  merged: boolean;
}

// The column that starts the merged pair a column belongs to, or null when it is in none.
export function pairStart(columns: readonly ColumnInfo[], index: number): number | null {
  const byIndex = new Map(columns.map((column) => [column.index, column]));
  if (byIndex.get(index)?.merged && byIndex.has(index + 1)) return index;
  if (byIndex.get(index - 1)?.merged && byIndex.has(index)) return index - 1;
  return null;
}

// Merge slots (spec 2 §5): the to-columns offered are unmerged columns after the from column at an
// odd distance, so that from..to splits into whole pairs; every column between must be unmerged.
export function mergeTargetColumns(columns: readonly ColumnInfo[], fromCol: number): number[] {
  const byIndex = new Map(columns.map((column) => [column.index, column]));
  const free = (index: number) => byIndex.has(index) && pairStart(columns, index) === null;
  if (!free(fromCol)) return [];
  const targets: number[] = [];
  for (let to = fromCol + 1; free(to); to += 1) {
    if ((to - fromCol) % 2 === 1) targets.push(to);
  }
  return targets;
}

// Split slots (spec 2 §5): only merged columns are offered; the to-columns are the starts of the
// run of merged pairs that begins at the from column.
export function splitTargetColumns(columns: readonly ColumnInfo[], fromCol: number): number[] {
  const targets: number[] = [];
  for (let start = fromCol; pairStart(columns, start) === start; start += 2) targets.push(start);
  return targets;
}

// Split area (spec 2 §5): a part of the area, never all of it, and no 40 ft pair cut in two.
export function splitAreaError(columns: readonly ColumnInfo[], fromCol: number, toCol: number): string | null {
  const indices = columns.map((column) => column.index).sort((a, b) => a - b);
  if (!indices.length || fromCol > toCol || !indices.includes(fromCol) || !indices.includes(toCol))
    return messages.splitAreaColumnsInvalid;
  if (fromCol <= indices[0]! && toCol >= indices[indices.length - 1]!) return messages.splitAreaEntireArea;
  const startOfFrom = pairStart(columns, fromCol);
  const startOfTo = pairStart(columns, toCol);
  if ((startOfFrom !== null && startOfFrom !== fromCol) || (startOfTo !== null && startOfTo === toCol))
    return messages.splitAreaCutsPair;
  return null;
}

// The location update rules of spec 1 §5 and spec 2 §5, as the client applies them before sending.
export interface LocationDraft {
  containerId?: number | null;
  number?: string | null;
  previousLocation?: string | null;
  area?: string | null;
  row?: string | null;
  column?: string | null;
  height?: string | null;
}

export type LocationDraftResult =
  | { ok: true; items: { containerId: number; number: string; previousLocation: string | null; newLocation: string }[] }
  | { ok: false; error: string };

const filled = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

// Only changed rows are sent; nothing is sent when a row lacks its container id, number, area, row
// or column; a missing height is the start height; the location is joined with the slot format.
export function locationUpdateItems(
  drafts: readonly LocationDraft[],
  options: { slotFormat?: string; startHeight: number },
): LocationDraftResult {
  const items: { containerId: number; number: string; previousLocation: string | null; newLocation: string }[] = [];
  for (const draft of drafts) {
    if (
      !draft.containerId ||
      !filled(draft.number) ||
      !filled(draft.area) ||
      !filled(draft.row) ||
      !filled(draft.column)
    )
      return { ok: false, error: messages.locationUpdateIncomplete };
    const newLocation = formatSlotName(
      {
        area: draft.area.trim(),
        row: draft.row.trim(),
        column: draft.column.trim(),
        height: filled(draft.height) ? draft.height.trim() : String(options.startHeight),
      },
      options.slotFormat,
    );
    const previous = filled(draft.previousLocation) ? draft.previousLocation.trim() : null;
    if (previous !== null && sameSlot(previous, newLocation, options)) continue;
    items.push({
      containerId: draft.containerId,
      number: draft.number.trim(),
      previousLocation: previous,
      newLocation,
    });
  }
  if (!items.length) return { ok: false, error: messages.nothingToUpdate };
  return { ok: true, items };
}

// Two slot names name the same slot (a missing height is the start height; case of the area ignored).
export function sameSlot(a: string, b: string, options: { slotFormat?: string; startHeight: number }): boolean {
  const left = parseSlotName(a, options.slotFormat);
  const right = parseSlotName(b, options.slotFormat);
  if (!left || !right) return a.trim() === b.trim();
  const height = (value: string | null) => value ?? String(options.startHeight);
  return (
    left.area.toUpperCase() === right.area.toUpperCase() &&
    left.row === right.row &&
    left.column === right.column &&
    height(left.height) === height(right.height)
  );
}

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

// Where a slot is on the map: bilinear between the area's four corners (clockwise from row 1 /
// column 1), at the middle of the slot (or of both slots for a 40 ft box).
export function slotGeoPosition(
  corners: readonly [GeoPoint, GeoPoint, GeoPoint, GeoPoint] | readonly GeoPoint[],
  grid: { rows: number; columns: number },
  slot: { row: number; column: number; span?: 1 | 2 },
): GeoPoint {
  const [c1, c2, c3, c4] = corners as [GeoPoint, GeoPoint, GeoPoint, GeoPoint];
  const u = (slot.column - 1 + (slot.span ?? 1) / 2) / Math.max(grid.columns, 1);
  const v = (slot.row - 0.5) / Math.max(grid.rows, 1);
  const lerp = (a: GeoPoint, b: GeoPoint, t: number): GeoPoint => ({
    latitude: a.latitude + (b.latitude - a.latitude) * t,
    longitude: a.longitude + (b.longitude - a.longitude) * t,
  });
  return lerp(lerp(c1, c2, u), lerp(c4, c3, u), v);
}

// The slot under a point of the map (the inverse of slotGeoPosition): the row and column whose cell
// holds it, or null when the point is outside the area's four corners. The bilinear map is inverted
// by Newton's method, which converges in a few steps for the convex quadrilaterals yards are.
export function slotAtGeoPosition(
  corners: readonly [GeoPoint, GeoPoint, GeoPoint, GeoPoint] | readonly GeoPoint[],
  grid: { rows: number; columns: number },
  point: GeoPoint,
): { row: number; column: number } | null {
  const [c1, c2, c3, c4] = corners as [GeoPoint, GeoPoint, GeoPoint, GeoPoint];
  const at = (u: number, v: number) => {
    const top = {
      x: c1.longitude + (c2.longitude - c1.longitude) * u,
      y: c1.latitude + (c2.latitude - c1.latitude) * u,
    };
    const bottom = {
      x: c4.longitude + (c3.longitude - c4.longitude) * u,
      y: c4.latitude + (c3.latitude - c4.latitude) * u,
    };
    return { x: top.x + (bottom.x - top.x) * v, y: top.y + (bottom.y - top.y) * v };
  };
  let u = 0.5;
  let v = 0.5;
  for (let step = 0; step < 20; step += 1) {
    const p = at(u, v);
    const ex = p.x - point.longitude;
    const ey = p.y - point.latitude;
    const h = 1e-6;
    const du = at(u + h, v);
    const dv = at(u, v + h);
    const a = (du.x - p.x) / h;
    const b = (dv.x - p.x) / h;
    const c = (du.y - p.y) / h;
    const d = (dv.y - p.y) / h;
    const determinant = a * d - b * c;
    if (determinant === 0) return null;
    u -= (d * ex - b * ey) / determinant;
    v -= (-c * ex + a * ey) / determinant;
  }
  if (!(u >= 0 && u < 1 && v >= 0 && v < 1)) return null;
  return { row: Math.floor(v * Math.max(grid.rows, 1)) + 1, column: Math.floor(u * Math.max(grid.columns, 1)) + 1 };
}
