import type { MachineShift, MachineShiftInput } from '../machine-shifts';
import { messages } from '../messages';
import type { FieldProblem } from './trailers';
import { formatMinuteOfDay, MINUTES_PER_DAY, shiftYardDay, yardTimeOnDay, type YardDay } from './yard-time';

type ShiftTimes = Pick<MachineShift, 'fromHour' | 'fromMinute' | 'toHour' | 'toMinute'>;

export const shiftStartMinute = (shift: ShiftTimes) => shift.fromHour * 60 + shift.fromMinute;
export const shiftEndMinute = (shift: ShiftTimes) => shift.toHour * 60 + shift.toMinute;

// A shift whose end is before its start crosses midnight: 22:00–06:00 ends at 06:00 of the next
// day. (The spec gives hours and minutes only; night shifts are what yards run.) A shift ending at
// 00:00 ends at the next day's midnight.
export function shiftCrossesMidnight(shift: ShiftTimes): boolean {
  return shiftEndMinute(shift) <= shiftStartMinute(shift);
}

// How long a shift is, in minutes of the clock (a daylight-saving change is not counted).
export function shiftLengthMinutes(shift: ShiftTimes): number {
  const length = shiftEndMinute(shift) - shiftStartMinute(shift);
  return length > 0 ? length : length + MINUTES_PER_DAY;
}

// 06:00–14:00, or 22:00–06:00 (+1 day) for a shift that crosses midnight.
export function formatShiftTimes(shift: ShiftTimes): string {
  const span = `${formatMinuteOfDay(shiftStartMinute(shift))}–${formatMinuteOfDay(shiftEndMinute(shift))}`;
  return shiftCrossesMidnight(shift) ? `${span} (+1 day)` : span;
}

// What a shift form may not send: a name, and an end that is not its start (a zero-length shift).
export function shiftProblem(input: Pick<MachineShiftInput, 'name'> & ShiftTimes): FieldProblem | null {
  if (!input.name.trim()) return { field: 'name', message: messages.shiftNameRequired };
  if (shiftStartMinute(input) === shiftEndMinute(input)) return { field: 'toHour', message: messages.shiftSameTimes };
  return null;
}

// The instants of a shift that starts on a yard day: from its start to its end, on the next day
// when it crosses midnight.
export function shiftPeriodOn(shift: ShiftTimes, day: YardDay, timeZone?: string): { from: number; to: number } {
  const endDay = shiftCrossesMidnight(shift) ? shiftYardDay(day, { days: 1 }) : day;
  return {
    from: yardTimeOnDay(day, shiftStartMinute(shift), timeZone),
    to: yardTimeOnDay(endDay, shiftEndMinute(shift), timeZone),
  };
}

// Shifts in the order of the day: by start, then by name.
export function byShiftStart(a: MachineShift, b: MachineShift): number {
  return shiftStartMinute(a) - shiftStartMinute(b) || a.name.localeCompare(b.name);
}
