import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { topics, type MachineEventPayload, type MachineTelemetryPayload } from '@openyard/contracts';

type Payload<T> = Omit<T, 'messageId' | 'timestamp'>;

export interface MqttMachine {
  telemetry: (payload: Payload<MachineTelemetryPayload>) => Promise<void>;
  event: (payload: Payload<MachineEventPayload>) => Promise<void>;
  close: () => Promise<void>;
}

// The MQTT login of a demo machine, from the devices file the server writes to DATA_DIR in demo mode.
export async function demoMachineLogin(dataDir: string, machineId: number) {
  const file = JSON.parse(await readFile(join(dataDir, 'demo-devices.json'), 'utf8')) as {
    machines?: { id: number; username: string; password: string }[];
  };
  const login = file.machines?.find((machine) => machine.id === machineId);
  if (!login) throw new Error(`demo-devices.json has no machine ${machineId}`);
  return login;
}

// A yard machine on the real broker, with its own login (client id = username, DESIGN §6):
// telemetry on QoS 0 as machines send it, picks and drops on QoS 1.
export async function connectMachine(
  mqttPort: number,
  machine: { id: number; username: string; password: string },
): Promise<MqttMachine> {
  const client: MqttClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
    clientId: machine.username,
    username: machine.username,
    password: machine.password,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
  const publish = async (topic: string, payload: object, qos: 0 | 1) => {
    await client.publishAsync(topic, JSON.stringify({ messageId: randomUUID(), timestamp: Date.now(), ...payload }), {
      qos,
    });
  };
  return {
    telemetry: (payload) => publish(topics.machineTelemetry(machine.id), payload, 0),
    event: (payload) => publish(topics.machineEvent(machine.id), payload, 1),
    close: () => client.endAsync(),
  };
}
