import { describe, expect, it } from 'vitest';
import { apiErrorReaction } from './apiErrorReaction';

const signedIn = { path: '/users', hasSession: true };

describe('apiErrorReaction', () => {
  it('sends the user to /403 only when a screen may not load its data', () => {
    expect(apiErrorReaction({ status: 403, code: 'FORBIDDEN', action: false }, signedIn)).toBe('forbiddenPage');
    expect(apiErrorReaction({ status: 403, code: 'FORBIDDEN', action: true }, signedIn)).toBe('none');
  });

  it('opens the locked-feature modal for an enterprise-only call, read or action', () => {
    expect(apiErrorReaction({ status: 403, code: 'LOCKED_FEATURE', action: true }, signedIn)).toBe('lockedFeature');
    expect(apiErrorReaction({ status: 403, code: 'LOCKED_FEATURE', action: false }, signedIn)).toBe('lockedFeature');
  });

  it('treats a 403 on the root path as the unreachable flag (spec 1 §8)', () => {
    expect(apiErrorReaction({ status: 403, action: false }, { path: '/', hasSession: false })).toBe('unreachable');
  });

  it("shows the unreachable modal for a gateway's 502 and 504 as for 503 and no answer", () => {
    for (const status of [0, 502, 503, 504])
      expect(apiErrorReaction({ status, action: false }, signedIn)).toBe('unreachable');
    expect(apiErrorReaction({ status: 500, action: false }, signedIn)).toBe('none');
  });

  it('leaves the wall display alone: it renews its session and shows its staleness itself', () => {
    for (const status of [0, 401, 403, 503])
      expect(apiErrorReaction({ status, action: false }, { path: '/wall', hasSession: true })).toBe('none');
  });

  it('leaves the public pages alone: they show their own states and never leave the page (issue 21)', () => {
    for (const path of ['/kiosk', '/kiosk-task', '/mobile-search-view', '/track/abc'])
      for (const status of [0, 401, 403, 429, 503])
        expect(apiErrorReaction({ status, action: false }, { path, hasSession: true })).toBe('none');
  });

  it('logs out on 401 only with a session and off the login and public pages', () => {
    expect(apiErrorReaction({ status: 401, action: false }, signedIn)).toBe('login');
    expect(apiErrorReaction({ status: 401, action: true }, { path: '/login', hasSession: true })).toBe('none');
    expect(apiErrorReaction({ status: 401, action: false }, { path: '/users', hasSession: false })).toBe('none');
  });
});
