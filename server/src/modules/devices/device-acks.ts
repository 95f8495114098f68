import { DEVICE_ACK_MAX_IDS, deviceAckTopic, type DeviceKind } from '@openyard/contracts';

// A message that is now kept: stored in PostgreSQL (or, for a camera frame, its blob written and its
// OCR job queued). Without a device (a rejected message from an unknown login) or an id there is
// nobody to tell.
export interface StoredMessage {
  device: { kind: DeviceKind; id: number } | null;
  messageId: string | null;
}

// Tells devices which of their messages are stored (DeviceAckMessage on their ack topic), after the
// commit that holds them. The broker's PUBACK only says the broker holds a message, in memory until
// its next save: a device keeps each message until this ack names it, and sends it again after a
// reconnect or when no ack came in time. Fire and forget: a lost ack costs one resend, which the
// unique key (device, message id) turns into a no-op.
//
// The ids of one device are gathered for `windowMs` and sent in one message: at 2,000 tag reads a
// second from 40 readers a batch of the group commit holds a few dozen messages of as many readers,
// so an ack per device and batch would be nearly a message more per message, through the broker
// twice. With the window, a device gets at most 1000 / windowMs acks a second at any rate.
export function createDeviceAcks(send: (topic: string, payload: string) => void, { windowMs = 50 } = {}) {
  let gathered = new Map<string, string[]>();
  let timer: NodeJS.Timeout | null = null;

  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    const byTopic = gathered;
    gathered = new Map();
    for (const [topic, ids] of byTopic)
      for (let start = 0; start < ids.length; start += DEVICE_ACK_MAX_IDS)
        send(topic, JSON.stringify({ messageIds: ids.slice(start, start + DEVICE_ACK_MAX_IDS) }));
  }

  return {
    stored(messages: readonly StoredMessage[]) {
      for (const { device, messageId } of messages) {
        if (!device || !messageId) continue;
        const topic = deviceAckTopic(device.kind, device.id);
        const ids = gathered.get(topic);
        if (ids) ids.push(messageId);
        else gathered.set(topic, [messageId]);
      }
      if (gathered.size && !timer) {
        timer = setTimeout(flush, windowMs);
        timer.unref();
      }
    },
    // Sends what is gathered now (at a graceful stop).
    flush,
  };
}

export type DeviceAcks = ReturnType<typeof createDeviceAcks>;
