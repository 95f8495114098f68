import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { liveTopics, type Gate, type GateReader } from '@openyard/contracts';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { REFETCH } from '../../../live/utils/LiveCollection';
import { lastTagReadsState } from '../states/lastTagReadsState';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';
import { readerWithHealth } from '../utils/readerWithHealth';
import { upsertReader } from '../utils/upsertReader';
import { withHealth } from '../utils/withHealth';
import { withoutReader } from '../utils/withoutReader';
import { withReader } from '../utils/withReader';

// Keeps the gate and reader lists true while the screen is open: the live topic `gates` keeps both
// lists (live collections: deltas applied to the cached snapshots, the race guard and the reload
// after a reconnect or resync built in); the last tag read per reader is UI state (an atom).
// Returns the hub's refusal text when the user may not watch the topic.
export function useGatesLive(): string | null {
  const queryClient = useQueryClient();
  const setLastTagReads = useSetAtom(lastTagReadsState);

  const gatesRefusal = useLiveCollection<Gate[], 'gates'>({
    queryKey: gatesQueryKeys.gates,
    topic: liveTopics.gates,
    apply: (gates, message) => {
      switch (message.type) {
        case 'gate.reader.v1':
          return withReader(gates, message.data.reader);
        case 'gate.readerRemoved.v1':
          return withoutReader(gates, message.data.readerId);
        case 'gate.health.v1':
          return withHealth(gates, message.data);
        // A gate was added, renamed, moved or deleted.
        case 'gate.changed.v1':
          return REFETCH;
        case 'gate.tag.v1':
          return gates;
      }
    },
  });

  useLiveCollection<GateReader[], 'gates'>({
    queryKey: gatesQueryKeys.readers,
    topic: liveTopics.gates,
    apply: (readers, message) => {
      switch (message.type) {
        case 'gate.reader.v1':
          return upsertReader(readers, message.data.reader);
        case 'gate.readerRemoved.v1':
          return readers.filter((reader) => reader.id !== message.data.readerId);
        case 'gate.health.v1':
          return readers.map((reader) => readerWithHealth(reader, message.data));
        // Readers carry their gate's name.
        case 'gate.changed.v1':
          return REFETCH;
        case 'gate.tag.v1':
          return readers;
      }
    },
  });

  useLiveTopic(
    liveTopics.gates,
    (message) => {
      if (message.type === 'gate.tag.v1') {
        const { tagRead } = message.data;
        const arrivedAt = Date.now();
        setLastTagReads((current) => ({ ...current, [tagRead.readerId]: { tagRead, arrivedAt } }));
      } else if (message.type !== 'gate.health.v1')
        void queryClient.invalidateQueries({ queryKey: gatesQueryKeys.unusedReaders });
    },
    () => void queryClient.invalidateQueries({ queryKey: gatesQueryKeys.unusedReaders }),
  );

  return gatesRefusal;
}
