import type { LiveControl, LiveMessage } from '@openyard/contracts';

export type ServerFrame = { kind: 'control'; control: LiveControl } | { kind: 'message'; message: LiveMessage };

const CONTROL_TYPES = new Set(['subscribed', 'unsubscribed', 'error', 'resync', 'accessChanged', 'heartbeat']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The server serialises every frame from the contracts; this only sorts control replies from live
// messages and drops what is not even shaped like either.
export function parseServerFrame(text: string): ServerFrame | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(data) || typeof data.type !== 'string') return null;
  if (CONTROL_TYPES.has(data.type)) {
    if (data.type === 'error') {
      if (typeof data.message !== 'string') return null;
    } else if (data.type === 'heartbeat') {
      if (typeof data.at !== 'number') return null;
    } else if (data.type !== 'accessChanged' && typeof data.topic !== 'string') return null;
    return { kind: 'control', control: data as LiveControl };
  }
  if (typeof data.topic !== 'string' || typeof data.eventId !== 'string' || !isRecord(data.data)) return null;
  return { kind: 'message', message: data as LiveMessage };
}
