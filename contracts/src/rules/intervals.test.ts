import { describe, expect, it } from 'vitest';
import { DATA_REFRESH_ABOVE_SECONDS, dataRefreshIntervalMs } from './intervals';

describe('timed reloads on the yard refresh rate', () => {
  it('reload planning every dataRefreshRate seconds only when it is above 50 (spec 2 §9)', () => {
    const planning = DATA_REFRESH_ABOVE_SECONDS.planning;
    expect(dataRefreshIntervalMs(51, planning)).toBe(51_000);
    expect(dataRefreshIntervalMs(50, planning)).toBe(false);
    expect(dataRefreshIntervalMs(40, planning)).toBe(false);
    expect(dataRefreshIntervalMs(undefined, planning)).toBe(false);
  });

  it('keep the lists at their 30 s threshold by default', () => {
    expect(dataRefreshIntervalMs(40)).toBe(40_000);
    expect(dataRefreshIntervalMs(30)).toBe(false);
  });
});
