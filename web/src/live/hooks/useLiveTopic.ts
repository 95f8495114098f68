import { useEffect, useEffectEvent, useState } from 'react';
import type { LiveMessage } from '@openyard/contracts';
import { liveSocket } from '../utils/liveSocket';

// Live deltas for one topic (DESIGN §7): `onMessage` applies a delta to the screen's snapshot,
// `onResync` reloads the snapshot (after the subscription is confirmed, after every reconnect and
// when the hub says this tab fell behind). Returns the hub's refusal text, if it refused the topic.
// `topic` null subscribes to nothing (e.g. until the screen knows what to watch).
export function useLiveTopic(
  topic: string | null,
  onMessage: (message: LiveMessage) => void,
  onResync: () => void,
): string | null {
  const [refusal, setRefusal] = useState<{ topic: string; message: string | null } | null>(null);
  const handleMessage = useEffectEvent(onMessage);
  const handleResync = useEffectEvent(onResync);

  useEffect(() => {
    if (topic === null) return;
    return liveSocket.subscribe(topic, {
      onMessage: (message) => handleMessage(message),
      onResync: () => handleResync(),
      onError: (message) => setRefusal({ topic, message }),
    });
  }, [topic]);

  return refusal !== null && refusal.topic === topic ? refusal.message : null;
}
