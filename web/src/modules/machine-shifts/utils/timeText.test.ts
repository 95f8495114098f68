import { describe, expect, it } from 'vitest';
import { timeOfText, timeText } from './timeText';

describe('time of day texts', () => {
  it('writes and reads hh:mm as a time input does', () => {
    expect(timeText(6, 5)).toBe('06:05');
    expect(timeOfText('22:30')).toEqual({ hour: 22, minute: 30 });
    expect(timeOfText('07:15:00')).toEqual({ hour: 7, minute: 15 });
    expect(timeOfText('')).toBeNull();
    expect(timeOfText('24:00')).toBeNull();
    expect(timeOfText('7:15')).toBeNull();
  });
});
