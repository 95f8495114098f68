import { useEffect, useEffectEvent, useState } from 'react';
import type { LiveTopic, LiveTopicMessage } from '@openyard/contracts';
import { liveMessageOnTopic } from '../utils/liveMessageOnTopic';
import { liveSocket } from '../utils/liveSocket';

// Live deltas for one topic (DESIGN §7): `onMessage` gets that topic's messages only (typed by the
// topic map in contracts: no case for other topics' messages), `onResync` reloads what the screen
// shows (after the subscription is confirmed, after every reconnect and when the hub says this tab
// fell behind). Returns the hub's refusal text, if it refused the topic (LiveUnavailableNotice).
// `topic` null subscribes to nothing (e.g. until the screen knows what to watch). A list kept in
// the query cache uses useLiveCollection instead, which adds the snapshot/delta race guard.
export function useLiveTopic<T extends LiveTopic>(
  topic: T | null,
  onMessage: (message: LiveTopicMessage<T>) => void,
  onResync: () => void,
): string | null {
  const [refusal, setRefusal] = useState<{ topic: string; message: string | null } | null>(null);
  const handleMessage = useEffectEvent(onMessage);
  const handleResync = useEffectEvent(onResync);

  useEffect(() => {
    if (topic === null) return;
    const carried = liveMessageOnTopic(topic);
    return liveSocket.subscribe(topic, {
      onMessage: (message) => {
        if (carried(message)) handleMessage(message);
      },
      onResync: () => handleResync(),
      onError: (message) => setRefusal({ topic, message }),
    });
  }, [topic]);

  return refusal !== null && refusal.topic === topic ? refusal.message : null;
}
