import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';

// The service's connection for what the server publishes to devices (their inbox topics,
// contracts/src/mqtt.ts), with the service account (ingest's). Messages are retained, QoS 1: a
// publish resolves on the broker's PUBACK, and mqtt.js keeps unacknowledged ones for the next
// connection. It reconnects by itself; every connection is announced to `onConnect`.
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
    onConnect(listener: () => void) {
      client.on('connect', listener);
      if (client.connected) listener();
    },
    close: () => client.endAsync(true),
  };
}
