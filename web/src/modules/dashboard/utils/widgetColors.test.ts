import { describe, expect, it } from 'vitest';
import { topGroups } from './widgetColors';

describe('topGroups', () => {
  it('keeps the largest groups and puts the rest together', () => {
    const groups = Array.from({ length: 11 }, (_, index) => ({ name: `c${index}`, value: index + 1 }));
    const kept = topGroups(groups, 3);
    expect(kept).toEqual([
      { name: 'c10', value: 11 },
      { name: 'c9', value: 10 },
      { name: 'c8', value: 9 },
      { name: 'Others', value: 36 },
    ]);
    // One more than kept is shown as it is: an 'Others' of one group says less than its name.
    expect(topGroups(groups.slice(0, 4), 3)).toHaveLength(4);
  });
});
