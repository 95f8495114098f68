import { describe, expect, it } from 'vitest';
import { formatAgo, liveFreshnessOf } from './liveFreshnessOf';

const now = 1_000_000;
const limit = 35_000;

describe('liveFreshnessOf', () => {
  it('says live, and how long ago the last update came', () => {
    const open = { status: 'open' as const, offlineSince: null, lastHeardAt: now - 3_000 };
    expect(liveFreshnessOf({ ...open, lastMessageAt: null }, now, limit)).toEqual({ tone: 'live', label: 'Live' });
    expect(liveFreshnessOf({ ...open, lastMessageAt: now - 4_200 }, now, limit)).toEqual({
      tone: 'live',
      label: 'Live · last update 4 s ago',
    });
  });

  it('says stale when the hub has not been heard for half the silence limit', () => {
    const silent = { status: 'open' as const, offlineSince: null, lastHeardAt: now - 20_000, lastMessageAt: null };
    expect(liveFreshnessOf(silent, now, limit)).toEqual({ tone: 'stale', label: 'No word from the server for 20 s' });
  });

  it('says reconnecting, and since when the figures have not been kept up to date', () => {
    const down = { status: 'connecting' as const, offlineSince: now - 125_000, lastHeardAt: null, lastMessageAt: 1 };
    expect(liveFreshnessOf(down, now, limit)).toEqual({
      tone: 'reconnecting',
      label: 'Reconnecting… not updated for 2 min',
    });
  });

  it('formats durations for a glance', () => {
    expect(formatAgo(-5)).toBe('0 s');
    expect(formatAgo(59_999)).toBe('59 s');
    expect(formatAgo(60_000)).toBe('1 min');
    expect(formatAgo(2 * 3_600_000)).toBe('2 h');
    expect(formatAgo(2 * 3_600_000 + 5 * 60_000)).toBe('2 h 5 min');
  });
});
