import { ALLOCATION_MAGNET_MS, type AllocationPeriod } from '@openyard/contracts';

// The Gantt's day scale (spec 2 §9 "scale day, ... starting from midnight"): the yard day from its
// midnight to the next (23 or 25 hours across a clock change) across `width` pixels.
export interface DayScale {
  dayStart: number;
  dayEnd: number;
  width: number;
}

export const timeToX = (time: number, scale: DayScale): number =>
  ((time - scale.dayStart) / (scale.dayEnd - scale.dayStart)) * scale.width;

export const xToTime = (x: number, scale: DayScale): number =>
  scale.dayStart + (x / scale.width) * (scale.dayEnd - scale.dayStart);

// The time a number of pixels stands for.
export const pixelsToMs = (pixels: number, scale: DayScale): number =>
  (pixels / scale.width) * (scale.dayEnd - scale.dayStart);

// The magnet (spec 2 §9 "magnet 5 minutes"): the nearest 5 minutes counted from the day's midnight.
export function snapToMagnet(time: number, dayStart: number, magnet = ALLOCATION_MAGNET_MS): number {
  return dayStart + Math.round((time - dayStart) / magnet) * magnet;
}

export type DragMode = 'move' | 'start' | 'end';

// Where a bar goes when dragged by `deltaMs`: moved whole (its length kept), or one edge resized;
// snapped to the magnet, kept inside the day and at least one magnet step long.
export function draggedPeriod(
  period: AllocationPeriod,
  mode: DragMode,
  deltaMs: number,
  day: { dayStart: number; dayEnd: number },
  magnet = ALLOCATION_MAGNET_MS,
): AllocationPeriod {
  const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);
  const snap = (time: number) => snapToMagnet(time, day.dayStart, magnet);
  if (mode === 'move') {
    const length = period.toTime - period.fromTime;
    const fromTime = clamp(snap(period.fromTime + deltaMs), day.dayStart, day.dayEnd - length);
    return { fromTime, toTime: fromTime + length };
  }
  if (mode === 'start') {
    return {
      fromTime: clamp(snap(period.fromTime + deltaMs), day.dayStart, period.toTime - magnet),
      toTime: period.toTime,
    };
  }
  return {
    fromTime: period.fromTime,
    toTime: clamp(snap(period.toTime + deltaMs), period.fromTime + magnet, day.dayEnd),
  };
}

// The hours of the scale: an instant and its label on the yard's clock, from 00:00 to 24:00.
export function hourTicks(
  dayStart: number,
  dayEnd: number,
  label: (time: number, end: boolean) => string,
): { time: number; label: string }[] {
  const ticks: { time: number; label: string }[] = [];
  for (let time = dayStart; time <= dayEnd; time += 3_600_000)
    ticks.push({ time, label: label(time, time === dayEnd) });
  return ticks;
}

// An hour's label as room allows: "06:00", or "06" when the hours are closer than a label is wide.
// The first and last hours are drawn from the frame's edges inwards, so a whole "00:00" there needs
// more room than a centred one before it reaches its neighbour's half.
export const HOUR_LABEL_PX_PER_HOUR = 40;
export const EDGE_HOUR_LABEL_PX_PER_HOUR = 56;
export function hourLabel(text: string, edge: boolean, pxPerHour: number): string {
  return pxPerHour >= (edge ? EDGE_HOUR_LABEL_PX_PER_HOUR : HOUR_LABEL_PX_PER_HOUR) ? text : text.slice(0, 2);
}
