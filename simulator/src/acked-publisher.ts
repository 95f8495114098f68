import type { MqttClient } from 'mqtt';
import { Compile } from 'typebox/compile';
import { DeviceAckMessage, deviceAckTopic, parseTopic } from '@openyard/contracts';

const isAck = Compile(DeviceAckMessage);

// After this long without the pipeline's ack a message is sent again, connection lost or not: the
// broker, ingest and the queue can each lose a message without the device's connection dropping (a
// job that failed for good, a broker's shared subscription that went to a session nobody resumes).
export const DEFAULT_RESEND_AFTER_MS = 30_000;

interface Pending {
  topic: string;
  payload: string | Buffer;
  // When it was last handed to the connection.
  sentAt: number;
  // Handed to mqtt.js and not yet acknowledged by the broker: mqtt.js sends it again itself.
  withClient: boolean;
  stored: () => void;
}

// What a device does to get each QoS 1 message into the database exactly once (DESIGN.md §6): it keeps
// the message until the pipeline's ack (DeviceAckMessage on the device's ack topic, published after
// the commit) names it, and sends it again after every reconnect and when no ack came in time. The
// broker's PUBACK is not enough: Mosquitto holds what it acknowledged in memory until its next
// autosave and loses it when killed. A message sent twice is stored once (unique device + message
// id) and acknowledged again.
//
// One connection may publish for several devices (a load generator's fleet): the ack topic of each
// device it publishes for is subscribed on first use and again on every connect.
export function ackedPublisher(
  client: MqttClient,
  { resendAfterMs = DEFAULT_RESEND_AFTER_MS }: { resendAfterMs?: number } = {},
) {
  const pending = new Map<string, Pending>();
  const ackTopics = new Set<string>();
  let resent = 0;

  function send(messageId: string, entry: Pending) {
    entry.sentAt = Date.now();
    entry.withClient = true;
    client.publish(entry.topic, entry.payload, { qos: 1 }, () => {
      // Acknowledged by the broker (kept here until stored) or failed with the connection: ours to
      // send again either way, after the next connect or when its ack is overdue.
      if (pending.get(messageId) === entry) entry.withClient = false;
    });
  }
  function resend(messageId: string, entry: Pending) {
    resent += 1;
    send(messageId, entry);
  }

  client.on('message', (topic, payload) => {
    if (!ackTopics.has(topic)) return;
    let ack: unknown;
    try {
      ack = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    if (!isAck.Check(ack)) return;
    for (const messageId of ack.messageIds) {
      const entry = pending.get(messageId);
      if (!entry) continue;
      pending.delete(messageId);
      entry.stored();
    }
  });
  // A clean session comes back without subscriptions, and whatever the broker held may be gone.
  client.on('connect', () => {
    for (const topic of ackTopics) client.subscribe(topic, { qos: 0 });
    for (const [messageId, entry] of pending) if (!entry.withClient) resend(messageId, entry);
  });
  const timer = setInterval(
    () => {
      if (!client.connected) return;
      const due = Date.now() - resendAfterMs;
      for (const [messageId, entry] of pending) if (!entry.withClient && entry.sentAt <= due) resend(messageId, entry);
    },
    Math.max(100, resendAfterMs / 4),
  );
  timer.unref();

  return {
    // Publishes at QoS 1 and resolves once the pipeline has stored the message. `messageId` is the
    // payload's own id; the topic must be a device topic (contracts' parseTopic).
    publish(topic: string, payload: string | Buffer, messageId: string): Promise<void> {
      const parsed = parseTopic(topic);
      if (!parsed) throw new Error(`Not a device topic: ${topic}`);
      const ackTopic = deviceAckTopic(parsed.deviceKind, parsed.deviceId);
      if (!ackTopics.has(ackTopic)) {
        ackTopics.add(ackTopic);
        client.subscribe(ackTopic, { qos: 0 });
      }
      return new Promise<void>((stored) => {
        const entry: Pending = { topic, payload, sentAt: 0, withClient: false, stored };
        pending.set(messageId, entry);
        send(messageId, entry);
      });
    },
    // Messages sent and not yet stored.
    pending: () => pending.size,
    // How many times a message was sent again (each one the broker or the pipeline had lost, or
    // whose ack was lost or late).
    resent: () => resent,
    close() {
      clearInterval(timer);
    },
  };
}

export type AckedPublisher = ReturnType<typeof ackedPublisher>;
