import { describe, expect, it } from 'vitest';
import { MENU_ENTRIES } from '@openyard/contracts';
import { mayOpenScreen } from './mayOpenScreen';

const entry = (key: string) => MENU_ENTRIES.find((candidate) => candidate.key === key)!;

describe('mayOpenScreen', () => {
  it('opens a screen whose entry the menu shows, or that entry is also active on', () => {
    expect(mayOpenScreen('/trailers', [entry('trailers')], [entry('trailers')])).toBe(true);
    expect(mayOpenScreen('/igateout', [entry('smartGate')], [entry('smartGate')])).toBe(true);
    expect(mayOpenScreen('/trailers', [], [])).toBe(false);
  });

  it('opens a screen without an entry of its own for whoever may see the entry it belongs to', () => {
    // Machines is allowed but not shown (this build has no /machines screen): allocations and shifts open.
    expect(mayOpenScreen('/allocations', [], [entry('machines')])).toBe(true);
    expect(mayOpenScreen('/shifts', [], [entry('machines')])).toBe(true);
    expect(mayOpenScreen('/allocations', [], [entry('trailers')])).toBe(false);
  });

  it('keeps a screen with an entry of its own to that entry (configure is not opened by planning)', () => {
    expect(mayOpenScreen('/configure', [], [entry('planning')])).toBe(false);
    // Planning shown in the menu lights on /configure, and still does not open it (CI met this).
    expect(mayOpenScreen('/configure', [entry('planning')], [entry('planning')])).toBe(false);
    expect(mayOpenScreen('/configure', [entry('configuration')], [entry('configuration')])).toBe(true);
  });
});
