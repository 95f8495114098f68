import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { topics } from '@openyard/contracts';

export interface MqttReader {
  heartbeat: (rfStatus?: 'OK' | 'NOK') => Promise<void>;
  tagRead: (tagId: string) => Promise<void>;
  close: () => Promise<void>;
}

// A virtual RFID reader on the real broker, with its own login: client id = username (DESIGN §6).
export async function connectReader(
  mqttPort: number,
  reader: { id: number; username: string; password: string },
): Promise<MqttReader> {
  const client: MqttClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
    clientId: reader.username,
    username: reader.username,
    password: reader.password,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
  const publish = async (topic: string, payload: object) => {
    await client.publishAsync(topic, JSON.stringify({ messageId: randomUUID(), timestamp: Date.now(), ...payload }), {
      qos: 1,
    });
  };
  return {
    heartbeat: (rfStatus = 'OK') => publish(topics.readerStatus(reader.id), { rfStatus }),
    tagRead: (tagId) => publish(topics.readerTag(reader.id), { tagId }),
    close: () => client.endAsync(),
  };
}
