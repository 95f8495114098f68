import { describe, expect, it } from 'vitest';
import { draggedPeriod, hourLabel, hourTicks, pixelsToMs, snapToMagnet, timeToX, xToTime } from './ganttScale';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// A day starting at an odd instant (a yard's midnight is rarely UTC's).
const dayStart = Date.parse('2027-03-01T18:30:00Z');
const day = { dayStart, dayEnd: dayStart + 24 * HOUR };
const scale = { ...day, width: 1440 };

describe('the Gantt’s day scale', () => {
  it('maps times to pixels and back from the day’s midnight', () => {
    expect(timeToX(dayStart, scale)).toBe(0);
    expect(timeToX(dayStart + 12 * HOUR, scale)).toBe(720);
    expect(timeToX(day.dayEnd, scale)).toBe(1440);
    expect(xToTime(360, scale)).toBe(dayStart + 6 * HOUR);
    expect(pixelsToMs(10, scale)).toBe(10 * MINUTE);
    // A 25-hour day (clocks turned back) spreads 25 hours over the same width.
    expect(timeToX(dayStart + 25 * HOUR, { dayStart, dayEnd: dayStart + 25 * HOUR, width: 1000 })).toBe(1000);
  });

  it('snaps to 5 minutes counted from midnight', () => {
    expect(snapToMagnet(dayStart + 7 * MINUTE, dayStart)).toBe(dayStart + 5 * MINUTE);
    expect(snapToMagnet(dayStart + 8 * MINUTE, dayStart)).toBe(dayStart + 10 * MINUTE);
    expect(snapToMagnet(dayStart + 2 * MINUTE + 29_999, dayStart)).toBe(dayStart);
    expect(snapToMagnet(dayStart - 2 * MINUTE, dayStart)).toBe(dayStart);
  });

  it('moves a bar whole, snapped, inside the day', () => {
    const period = { fromTime: dayStart + 8 * HOUR, toTime: dayStart + 12 * HOUR };
    expect(draggedPeriod(period, 'move', 93 * MINUTE, day)).toEqual({
      fromTime: dayStart + 9 * HOUR + 35 * MINUTE,
      toTime: dayStart + 13 * HOUR + 35 * MINUTE,
    });
    expect(draggedPeriod(period, 'move', -20 * HOUR, day)).toEqual({ fromTime: dayStart, toTime: dayStart + 4 * HOUR });
    expect(draggedPeriod(period, 'move', 20 * HOUR, day)).toEqual({
      fromTime: day.dayEnd - 4 * HOUR,
      toTime: day.dayEnd,
    });
  });

  it('resizes one edge, snapped, never shorter than 5 minutes nor past the day', () => {
    const period = { fromTime: dayStart + 8 * HOUR, toTime: dayStart + 12 * HOUR };
    expect(draggedPeriod(period, 'end', 62 * MINUTE, day)).toEqual({
      fromTime: period.fromTime,
      toTime: dayStart + 13 * HOUR,
    });
    expect(draggedPeriod(period, 'start', -33 * MINUTE, day)).toEqual({
      fromTime: dayStart + 7 * HOUR + 25 * MINUTE,
      toTime: period.toTime,
    });
    expect(draggedPeriod(period, 'start', 5 * HOUR, day)).toEqual({
      fromTime: period.toTime - 5 * MINUTE,
      toTime: period.toTime,
    });
    expect(draggedPeriod(period, 'end', 20 * HOUR, day).toTime).toBe(day.dayEnd);
  });

  it('labels the hours from 00:00 to 24:00', () => {
    const ticks = hourTicks(day.dayStart, day.dayEnd, (time, end) =>
      end ? '24:00' : String((time - dayStart) / HOUR),
    );
    expect(ticks).toHaveLength(25);
    expect(ticks[0]).toEqual({ time: dayStart, label: '0' });
    expect(ticks[24]).toEqual({ time: day.dayEnd, label: '24:00' });
  });
});

describe('hour labels', () => {
  it('shows the whole time where there is room, the hour alone where there is not, the edges sooner', () => {
    expect(hourLabel('06:00', false, 40)).toBe('06:00');
    expect(hourLabel('06:00', false, 39)).toBe('06');
    // "00:00" drawn from the left edge would touch a centred "01:00" 40 px away.
    expect(hourLabel('00:00', true, 40)).toBe('00');
    expect(hourLabel('24:00', true, 56)).toBe('24:00');
  });
});
