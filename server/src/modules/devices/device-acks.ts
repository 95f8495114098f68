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
// reconnect or when no ack came in time. One ack message per device and batch, fire and forget: a
// lost ack costs one resend, which the unique key (device, message id) turns into a no-op.
export function createDeviceAcks(send: (topic: string, payload: string) => void) {
  return {
    stored(messages: readonly StoredMessage[]) {
      const byTopic = new Map<string, string[]>();
      for (const { device, messageId } of messages) {
        if (!device || !messageId) continue;
        const topic = deviceAckTopic(device.kind, device.id);
        const ids = byTopic.get(topic);
        if (ids) ids.push(messageId);
        else byTopic.set(topic, [messageId]);
      }
      for (const [topic, ids] of byTopic)
        for (let start = 0; start < ids.length; start += DEVICE_ACK_MAX_IDS)
          send(topic, JSON.stringify({ messageIds: ids.slice(start, start + DEVICE_ACK_MAX_IDS) }));
    },
  };
}

export type DeviceAcks = ReturnType<typeof createDeviceAcks>;
