import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveCollection, REFETCH } from './LiveCollection';
import { liveAtOf } from './liveAt';

interface Reader {
  id: number;
  name: string;
}
type Delta = ({ type: 'upsert'; reader: Reader } | { type: 'remove'; id: number } | { type: 'renamedGate' }) & {
  at?: number;
};

const apply = (readers: Reader[], delta: Delta): Reader[] | typeof REFETCH => {
  switch (delta.type) {
    case 'upsert':
      return [...readers.filter((reader) => reader.id !== delta.reader.id), delta.reader].sort((a, b) => a.id - b.id);
    case 'remove':
      return readers.filter((reader) => reader.id !== delta.id);
    case 'renamedGate':
      return REFETCH;
  }
};

const queryKey = ['gates', 'readers'];

// A server whose snapshots the test hands out one by one: each fetch waits until answered.
function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const requests: { resolve: (readers: Reader[]) => void; reject: (error: Error) => void }[] = [];
  const observer = new QueryObserver<Reader[]>(queryClient, {
    queryKey,
    queryFn: () => new Promise<Reader[]>((resolve, reject) => requests.push({ resolve, reject })),
  });
  const stopObserving = observer.subscribe(() => undefined);
  const collection = new LiveCollection<Reader[], Delta>(queryClient, queryKey, apply, (delta) => delta.at ?? 0);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const data = () => queryClient.getQueryData<Reader[]>(queryKey);
  const answer = async (readers: Reader[]) => {
    requests.shift()!.resolve(readers);
    await settle();
  };
  const close = () => {
    collection.dispose();
    stopObserving();
    queryClient.clear();
  };
  return { queryClient, requests, collection, data, answer, settle, close };
}

let close: (() => void) | null = null;
afterEach(() => close?.());

const a = { id: 1, name: 'A' };
const b = { id: 2, name: 'B' };

describe('LiveCollection', () => {
  it('applies deltas to the snapshot in the query cache', async () => {
    const t = setup();
    close = t.close;
    await t.settle();
    await t.answer([a]);
    t.collection.message({ type: 'upsert', reader: b });
    t.collection.message({ type: 'upsert', reader: { id: 1, name: 'A2' } });
    expect(t.data()).toEqual([{ id: 1, name: 'A2' }, b]);
    expect(t.requests).toHaveLength(0);
  });

  it('applies again, to the snapshot that was in flight, the deltas that came meanwhile', async () => {
    const t = setup();
    close = t.close;
    await t.settle();
    await t.answer([a]);
    t.collection.resync();
    await t.settle();
    expect(t.requests).toHaveLength(1);
    // Reader 2 appears while the snapshot (read before it) is on its way: shown at once...
    t.collection.message({ type: 'upsert', reader: b });
    expect(t.data()).toEqual([a, b]);
    // ...and not lost when the older snapshot lands.
    await t.answer([a]);
    expect(t.data()).toEqual([a, b]);
    expect(t.requests).toHaveLength(0);
  });

  it('changes nothing when the snapshot in flight holds the delta already, and keeps removals', async () => {
    const t = setup();
    close = t.close;
    await t.settle();
    await t.answer([a, b]);
    t.collection.resync();
    await t.settle();
    t.collection.message({ type: 'upsert', reader: { id: 3, name: 'C' } });
    t.collection.message({ type: 'remove', id: 1 });
    // Read after both changes.
    await t.answer([b, { id: 3, name: 'C' }]);
    expect(t.data()).toEqual([b, { id: 3, name: 'C' }]);
  });

  it('stamps what it shows with the time of the newest message applied, and carries it onto a later snapshot', async () => {
    const t = setup();
    close = t.close;
    await t.settle();
    await t.answer([a]);
    expect(liveAtOf(t.data())).toBeNull();
    t.collection.message({ type: 'upsert', reader: b, at: 1_000 });
    expect(liveAtOf(t.data())).toBe(1_000);
    // An older message (another object's) keeps the newest time.
    t.collection.message({ type: 'remove', id: 1, at: 900 });
    expect(t.data()).toEqual([b]);
    expect(liveAtOf(t.data())).toBe(1_000);
    // A message that needs the snapshot: stamped once the snapshot that holds it is shown.
    t.collection.message({ type: 'renamedGate', at: 2_000 });
    expect(liveAtOf(t.data())).toBe(1_000);
    await t.settle();
    await t.answer([b]);
    expect(liveAtOf(t.data())).toBe(2_000);
    // A resync's snapshot too.
    t.collection.resync();
    await t.settle();
    await t.answer([a, b]);
    expect(liveAtOf(t.data())).toBe(2_000);
  });

  it('holds deltas that come before the first snapshot and applies them to it', async () => {
    const t = setup();
    close = t.close;
    await t.settle();
    expect(t.requests).toHaveLength(1);
    t.collection.message({ type: 'upsert', reader: b });
    expect(t.data()).toBeUndefined();
    await t.answer([a]);
    expect(t.data()).toEqual([a, b]);
  });

  it('drops what it held when the snapshot fails: the next one holds it', async () => {
    const t = setup();
    close = t.close;
    await t.settle();
    await t.answer([a]);
    t.collection.resync();
    await t.settle();
    t.collection.message({ type: 'upsert', reader: b });
    t.requests.shift()!.reject(new Error('offline'));
    await t.settle();
    t.collection.resync();
    await t.settle();
    await t.answer([a]);
    // Not applied again over the later snapshot.
    expect(t.data()).toEqual([a]);
  });

  it('fetches the snapshot again for a message it cannot apply, and on a resync', async () => {
    const t = setup();
    close = t.close;
    await t.settle();
    await t.answer([a]);
    t.collection.message({ type: 'renamedGate' });
    await t.settle();
    expect(t.requests).toHaveLength(1);
    await t.answer([{ id: 1, name: 'A (gate 2)' }]);
    expect(t.data()).toEqual([{ id: 1, name: 'A (gate 2)' }]);
    t.collection.resync();
    await t.settle();
    expect(t.requests).toHaveLength(1);
    await t.answer([a, b]);
    expect(t.data()).toEqual([a, b]);
  });

  it('stops following the query once disposed', async () => {
    const t = setup();
    close = t.close;
    await t.settle();
    await t.answer([a]);
    t.collection.resync();
    await t.settle();
    t.collection.message({ type: 'upsert', reader: b });
    t.collection.dispose();
    await t.answer([a]);
    expect(t.data()).toEqual([a]);
  });
});
