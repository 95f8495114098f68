// A chart's value axis: from 0 to a round maximum at or above the largest value, with about
// `count` ticks at round steps (1, 2 or 5 times a power of ten).
export function valueTicks(maximum: number, count = 4): { top: number; ticks: number[] } {
  if (!(maximum > 0)) return { top: 1, ticks: [0, 1] };
  const rough = maximum / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const top = Math.ceil(maximum / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= top + step / 2; tick += step) ticks.push(Math.round(tick));
  return { top, ticks };
}

// Labels that fit: every n-th of `count` labels so that at most `room` are shown.
export function labelEvery(count: number, room: number): number {
  return room <= 0 ? count : Math.max(1, Math.ceil(count / room));
}
