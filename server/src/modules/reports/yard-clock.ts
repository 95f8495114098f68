import { formatMinuteOfDay, yardDayOf, yardMinuteOfDay } from '@openyard/contracts';

const MINUTE_MS = 60_000;
const QUARTER_MS = 15 * MINUTE_MS;
const DAY_MS = 86_400_000;
// UTC blocks whose zone offset is looked up at both ends: equal ends, one offset for the block (no
// zone changes its offset twice within six hours); else each quarter hour of the block on its own.
const BLOCK_MS = 6 * 60 * MINUTE_MS;
// Entries a cache keeps before it starts over (an export of years of history stays bounded).
const CACHE_ENTRIES = 10_000;

// The zone's offset (the wall clock minus the instant, in ms) at an instant on a whole minute.
function offsetAt(epochMs: number, timeZone: string): number {
  const wallMidnight = Date.parse(`${yardDayOf(epochMs, timeZone)}T00:00:00Z`);
  return wallMidnight + yardMinuteOfDay(epochMs, timeZone) * MINUTE_MS - epochMs;
}

function cached<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= CACHE_ENTRIES) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

// Times as the yard's clock shows them in an export, `YYYY-MM-DD HH:mm` (what yardDayOf and
// yardMinuteOfDay give). Every zone's offset is a whole number of quarter hours and changes only
// on a quarter hour, so the clock is the instant plus the offset of its block or quarter hour,
// and the zone (an Intl call, most of an export's time once) is asked a few times per six hours
// of history instead of per cell, or per quarter hour: an export of two years' sparse history
// has a row every few quarter hours.
export function yardClock(timeZone: string): (epochMs: number) => string {
  const blocks = new Map<number, number | null>();
  const quarters = new Map<number, number>();
  const days = new Map<number, string>();
  const offsetOf = (epochMs: number): number => {
    const block = Math.floor(epochMs / BLOCK_MS);
    const offset = cached(blocks, block, () => {
      const first = offsetAt(block * BLOCK_MS, timeZone);
      return first === offsetAt((block + 1) * BLOCK_MS - QUARTER_MS, timeZone) ? first : null;
    });
    if (offset !== null) return offset;
    const quarter = Math.floor(epochMs / QUARTER_MS);
    return cached(quarters, quarter, () => offsetAt(quarter * QUARTER_MS, timeZone));
  };
  return (epochMs) => {
    const wall = epochMs + offsetOf(epochMs);
    const dayIndex = Math.floor(wall / DAY_MS);
    const day = cached(days, dayIndex, () => new Date(dayIndex * DAY_MS).toISOString().slice(0, 10));
    return `${day} ${formatMinuteOfDay(Math.floor((wall - dayIndex * DAY_MS) / MINUTE_MS))}`;
  };
}
