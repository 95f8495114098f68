import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';

// The service's connection for what the server publishes to devices (their inbox topics,
// contracts/src/mqtt.ts), with the service account (ingest's). `publish` is retained, QoS 1: it
// resolves on the broker's PUBACK, and mqtt.js keeps unacknowledged ones for the next connection.
// It reconnects by itself; every connection is announced to `onConnect`.
export function connectMqttPublisher({
  url,
  username,
  password,
  clientId,
  logger,
}: {
  url: string;
  username?: string;
  password?: string;
  clientId: string;
  logger: FastifyBaseLogger;
}) {
  const client = mqtt.connect(url, {
    clientId,
    ...(username ? { username, password: password ?? '' } : {}),
    clean: true,
    // What `send` publishes while the broker is away is not worth keeping (see there).
    queueQoSZero: false,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
  });
  let lastError = '';
  client.on('error', (error) => {
    // Logged once per kind of failure, not on every reconnect attempt.
    if (error.message === lastError) return;
    lastError = error.message;
    logger.warn({ err: error }, 'the MQTT publisher cannot reach the broker');
  });
  client.on('connect', () => (lastError = ''));
  return {
    async publish(topic: string, payload: string) {
      await client.publishAsync(topic, payload, { qos: 1, retain: true });
    },
    // QoS 0, not retained, not waited for, and dropped while the broker is away: for messages whose
    // loss costs only a resend from their device (DeviceAckMessage).
    send(topic: string, payload: string) {
      if (client.connected) client.publish(topic, payload, { qos: 0 });
    },
    onConnect(listener: () => void) {
      client.on('connect', listener);
      if (client.connected) listener();
    },
    close: () => client.endAsync(true),
  };
}
