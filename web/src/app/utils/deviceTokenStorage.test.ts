import { describe, expect, it } from 'vitest';
import { withoutToken } from './deviceTokenStorage';

describe('withoutToken', () => {
  it('takes the token out of the address and keeps the rest', () => {
    expect(withoutToken('?token=oyd_abc&tiles=yard,gate&rotate=20')).toEqual({
      token: 'oyd_abc',
      search: '?tiles=yard%2Cgate&rotate=20',
    });
    expect(withoutToken('?token=oyd_abc')).toEqual({ token: 'oyd_abc', search: '' });
    expect(withoutToken('?tiles=yard')).toEqual({ token: null, search: '?tiles=yard' });
    expect(withoutToken('?token=')).toEqual({ token: null, search: '' });
  });
});
