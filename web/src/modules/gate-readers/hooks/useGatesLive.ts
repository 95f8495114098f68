import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { Gate, GateReader } from '@openyard/contracts';
import { useLiveTopic } from '../../../live/hooks/useLiveTopic';
import { unhandledLiveMessage } from '../../../live/utils/unhandledLiveMessage';
import { lastTagReadsState } from '../states/lastTagReadsState';
import { gatesQueryKeys } from '../utils/gatesQueryKeys';
import { readerWithHealth } from '../utils/readerWithHealth';
import { upsertReader } from '../utils/upsertReader';
import { withHealth } from '../utils/withHealth';
import { withoutReader } from '../utils/withoutReader';
import { withReader } from '../utils/withReader';

// Keeps the gate and reader lists true while the screen is open: deltas from the live topic
// `gates` are applied to the cached snapshots; a resync (or reconnect) reloads the snapshots.
// Returns the hub's refusal text when the user may not watch the topic.
export function useGatesLive(): string | null {
  const queryClient = useQueryClient();
  const setLastTagReads = useSetAtom(lastTagReadsState);

  const update = <T>(queryKey: QueryKey, change: (current: T) => T) => {
    queryClient.setQueryData<T>(queryKey, (current) => (current === undefined ? current : change(current)));
    // A snapshot in flight may predate this change and would overwrite it: ask again after it.
    if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey });
  };
  const reloadAll = () => void queryClient.invalidateQueries({ queryKey: gatesQueryKeys.all });

  return useLiveTopic(
    'gates',
    (message) => {
      switch (message.type) {
        case 'gate.reader.v1': {
          const { reader } = message.data;
          update<Gate[]>(gatesQueryKeys.gates, (gates) => withReader(gates, reader));
          update<GateReader[]>(gatesQueryKeys.readers, (readers) => upsertReader(readers, reader));
          void queryClient.invalidateQueries({ queryKey: gatesQueryKeys.unusedReaders });
          return;
        }
        case 'gate.readerRemoved.v1': {
          const { readerId } = message.data;
          update<Gate[]>(gatesQueryKeys.gates, (gates) => withoutReader(gates, readerId));
          update<GateReader[]>(gatesQueryKeys.readers, (readers) => readers.filter((reader) => reader.id !== readerId));
          void queryClient.invalidateQueries({ queryKey: gatesQueryKeys.unusedReaders });
          return;
        }
        case 'gate.changed.v1':
          // A gate was added, renamed, moved or deleted: readers carry its name, so reload both lists.
          reloadAll();
          return;
        case 'gate.health.v1': {
          const health = message.data;
          update<Gate[]>(gatesQueryKeys.gates, (gates) => withHealth(gates, health));
          update<GateReader[]>(gatesQueryKeys.readers, (readers) =>
            readers.map((reader) => readerWithHealth(reader, health)),
          );
          return;
        }
        case 'gate.tag.v1': {
          const { tagRead } = message.data;
          const arrivedAt = Date.now();
          setLastTagReads((current) => ({ ...current, [tagRead.readerId]: { tagRead, arrivedAt } }));
          return;
        }
        // Messages of other topics: not this screen's.
        case 'deviceLog.entry.v1':
        case 'machine.position.v1':
        case 'machine.status.v1':
        case 'itv.position.v1':
        case 'inventory.slot.v1':
        case 'inventory.layout.v1':
        case 'ocr.record.v1':
        case 'ocr.count.v1':
          return;
        default:
          unhandledLiveMessage(message);
      }
    },
    reloadAll,
  );
}
