import { describe, expect, it } from 'vitest';
import { listStateOf } from './listStateOf';

describe('listStateOf', () => {
  it('shows the rows once there are some, whatever else is going on', () => {
    expect(listStateOf({ loading: true, error: 'down', count: 3 })).toBe('ready');
  });
  it('prefers a failure to the loader when there is nothing to show', () => {
    expect(listStateOf({ loading: true, error: 'down', count: 0 })).toBe('error');
  });
  it('shows the loader on the first load and the empty text after it', () => {
    expect(listStateOf({ loading: true, error: null, count: 0 })).toBe('loading');
    expect(listStateOf({ loading: false, error: null, count: 0 })).toBe('empty');
  });
});
