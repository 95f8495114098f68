import { useEffect, useEffectEvent, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveTopic, LiveTopicMessage } from '@openyard/contracts';
import { LiveCollection, type LiveApply } from '../utils/LiveCollection';
import { useLiveTopic } from './useLiveTopic';

export interface LiveCollectionOptions<TData extends object, T extends LiveTopic> {
  // The query whose data is the snapshot (the screen fetches it with useQuery).
  queryKey: QueryKey;
  // null: not live (nothing subscribed; the list stays as fetched).
  topic: T | null;
  // A delta applied to the snapshot (pure; return REFETCH to fetch the snapshot again instead).
  apply: LiveApply<TData, LiveTopicMessage<T>>;
}

// A list in the query cache kept live by a topic: snapshot + deltas with the race guard built in,
// refetched after every reconnect, resync or gap (see LiveCollection). Returns the hub's refusal
// text when the user may not watch the topic (LiveUnavailableNotice shows it).
export function useLiveCollection<TData extends object, T extends LiveTopic>({
  queryKey,
  topic,
  apply,
}: LiveCollectionOptions<TData, T>): string | null {
  const queryClient = useQueryClient();
  const applyLatest = useEffectEvent((current: TData, message: LiveTopicMessage<T>) => apply(current, message));
  const hash = JSON.stringify(queryKey);
  const collection = useRef<LiveCollection<TData, LiveTopicMessage<T>> | null>(null);

  // Created before useLiveTopic subscribes (effects run in the order they are declared).
  useEffect(() => {
    const created = new LiveCollection<TData, LiveTopicMessage<T>>(
      queryClient,
      JSON.parse(hash) as QueryKey,
      (current, message) => applyLatest(current, message),
      (message) => message.at,
    );
    collection.current = created;
    return () => {
      created.dispose();
      if (collection.current === created) collection.current = null;
    };
  }, [queryClient, hash]);

  return useLiveTopic(
    topic,
    (message) => collection.current?.message(message),
    () => collection.current?.resync(),
  );
}
