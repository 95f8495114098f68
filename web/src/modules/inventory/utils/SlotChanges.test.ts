import { describe, expect, it } from 'vitest';
import { SlotChanges } from './SlotChanges';

describe('SlotChanges', () => {
  it('stands for every slot until first taken', () => {
    const changes = new SlotChanges();
    changes.add(3);
    expect(changes.take()).toBeNull();
    expect(changes.take()).toEqual([]);
  });

  it('names the slots added since the last take, once each', () => {
    const changes = new SlotChanges();
    changes.take();
    changes.add(7);
    changes.add(2);
    changes.add(7);
    expect(changes.take()).toEqual([7, 2]);
    expect(changes.take()).toEqual([]);
  });

  it('stands for every slot after a full repaint', () => {
    const changes = new SlotChanges();
    changes.take();
    changes.add(1);
    changes.addAll();
    changes.add(2);
    expect(changes.take()).toBeNull();
  });
});
