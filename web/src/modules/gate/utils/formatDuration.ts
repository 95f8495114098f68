const UNITS: readonly [string, number][] = [
  ['y', 365 * 86_400_000],
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
];

// A truck's time in the yard in years, days, hours, minutes and seconds (spec 1 §9 "Trailer
// duration"), leaving out the leading zero units: '2h 05m 09s'.
export function formatDuration(ms: number): string {
  let rest = Math.max(0, Math.floor(ms / 1000) * 1000);
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (parts.length === 0 && count === 0 && unit !== 's') continue;
    parts.push(`${parts.length && unit !== 'd' && unit !== 'y' ? String(count).padStart(2, '0') : count}${unit}`);
  }
  return parts.join(' ');
}

// The same to a glance, its two leading units: '2h 05m', '3d 04h', '45s' (the wall display).
export function formatShortDuration(ms: number): string {
  return formatDuration(ms).split(' ').slice(0, 2).join(' ');
}
