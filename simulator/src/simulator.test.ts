import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import sharp from 'sharp';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeFrame,
  deviceTopicPrefix,
  FrameHeader,
  isValidContainerNumber,
  ItvPositionPayload,
  MachineEventPayload,
  MachineTelemetryPayload,
  deviceAckTopic,
  parseDeviceUsername,
  parseTopic,
  ReaderStatusPayload,
  TagReadPayload,
  type ParsedTopic,
} from '@openyard/contracts';
import type { DevicesFile } from './devices-file';
import { runSimulator, type SimulatorStats } from './run';

// One reader, one silent reader, one gate with two cameras, one machine, one machine with a wrong
// password and one ITV, against an embedded broker that enforces the device rules of DESIGN §6.
const DEVICES: DevicesFile = {
  readers: [
    { id: 12, gateId: 3, username: 'reader-12', password: 'reader-secret' },
    { id: 13, gateId: 3, username: 'reader-13', password: 'quiet-secret', silent: true },
  ],
  cameras: [{ gateId: 3, username: 'camera-3', password: 'camera-secret', cameras: ['Front', 'Rear'] }],
  machines: [
    { id: 7, username: 'machine-7', password: 'machine-secret' },
    { id: 8, username: 'machine-8', password: 'not-the-password' },
  ],
  itvs: [{ id: 4, username: 'itv-4', password: 'itv-secret' }],
};
const PASSWORDS = new Map<string, string>(
  [...DEVICES.readers, ...DEVICES.cameras, ...DEVICES.machines, ...DEVICES.itvs].map((device) => [
    device.username,
    device.password,
  ]),
);
// machine-8 comes with the wrong password and must be refused.
PASSWORDS.set('machine-8', 'machine-8-real-secret');

interface Received {
  username: string;
  topic: string;
  qos: number;
  payload: Buffer;
}

function seeded(seed: number): () => number {
  // mulberry32: a reproducible run, so a failure can be replayed.
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('simulator against an embedded broker', () => {
  let broker: Aedes;
  let server: Server;
  let url: string;
  const received: Received[] = [];
  const refusedPublishes: string[] = [];
  const warnings: string[] = [];
  let stats: SimulatorStats;
  let ranSeconds = 0;

  beforeAll(async () => {
    const usernames = new WeakMap<Client, string>();
    broker = await Aedes.createBroker({
      authenticate(client, username, password, done) {
        const ok = username !== undefined && client.id === username && PASSWORDS.get(username) === password?.toString();
        if (!ok) {
          const error = new Error('Bad username or password') as AuthenticateError;
          error.returnCode = 4;
          done(error, false);
          return;
        }
        usernames.set(client, username);
        done(null, true);
      },
      authorizePublish(client, packet, callback) {
        const username = client ? usernames.get(client) : undefined;
        const device = username ? parseDeviceUsername(username) : null;
        if (!device || !packet.topic.startsWith(deviceTopicPrefix(device.kind, device.id))) {
          refusedPublishes.push(`${username ?? '?'} -> ${packet.topic}`);
          callback(new Error('Not your topic'));
          return;
        }
        callback(null);
      },
    });
    broker.on('publish', (packet, client) => {
      if (!client) return;
      received.push({
        username: usernames.get(client) ?? '?',
        topic: packet.topic,
        qos: packet.qos,
        payload: Buffer.from(packet.payload),
      });
      // In the pipeline's place: a QoS 1 message the broker received counts as kept, and its device
      // hears so on its ack topic (without it, the device would keep the message and send it again):
      // a JSON message by its own id, a camera frame by its header's.
      const parsed = parseTopic(packet.topic);
      if (packet.qos !== 1 || !parsed) return;
      const body = Buffer.from(packet.payload);
      const frame = parsed.kind === 'cameraFrame' ? decodeFrame(body) : null;
      if (frame && !frame.ok) return;
      const messageId = frame?.ok
        ? frame.header.messageId
        : (JSON.parse(body.toString('utf8')) as { messageId: string }).messageId;
      const payload = JSON.stringify({ messageIds: [messageId] });
      const ack = { cmd: 'publish', topic: deviceAckTopic(parsed.deviceKind, parsed.deviceId), payload, qos: 0 };
      broker.publish({ ...ack, retain: false, dup: false } as Parameters<Aedes['publish']>[0], () => undefined);
    });
    server = createServer(broker.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // At least 3 s, and until each camera has sent a frame (a JPEG takes a while to make on a
    // loaded machine), at most 30 s: what the tests below read does not depend on the machine's speed.
    const started = Date.now();
    const simulator = await runSimulator({
      url,
      devices: DEVICES,
      rate: 40,
      durationMs: 30_000,
      random: seeded(6346),
      logger: { info: () => undefined, warn: (message) => warnings.push(message) },
    });
    const framed = () => new Set(received.filter((message) => message.topic.endsWith('/frame')).map((m) => m.topic));
    while (Date.now() - started < 30_000 && (Date.now() - started < 3000 || framed().size < 2))
      await new Promise((resolve) => setTimeout(resolve, 100));
    await simulator.stop();
    await simulator.done;
    ranSeconds = (Date.now() - started) / 1000;
    stats = simulator.stats();
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
  });

  const on = (kind: ParsedTopic['kind']) => received.filter((message) => parseTopic(message.topic)?.kind === kind);
  const json = (message: Received): unknown => JSON.parse(message.payload.toString('utf8'));

  it('publishes only on the devices own topics, with their own credentials', () => {
    expect(received.length).toBeGreaterThan(20);
    expect(refusedPublishes).toEqual([]);
    for (const message of received) {
      const device = parseDeviceUsername(message.username)!;
      expect(message.topic.startsWith(deviceTopicPrefix(device.kind, device.id)), message.topic).toBe(true);
    }
  });

  it('sends reader heartbeats (QoS 0) and tag reads (QoS 1) that match the contract', () => {
    const statuses = on('readerStatus');
    expect(statuses.length).toBeGreaterThan(0);
    for (const message of statuses) {
      expect(message.topic).toBe('yard/readers/12/status');
      expect(message.qos).toBe(0);
      expect(Value.Check(ReaderStatusPayload, json(message))).toBe(true);
    }
    const tags = on('readerTag');
    expect(tags.length).toBeGreaterThan(0);
    for (const message of tags) {
      expect(message.topic).toBe('yard/readers/12/tag');
      expect(message.qos).toBe(1);
      const payload = json(message);
      expect(Value.Check(TagReadPayload, payload)).toBe(true);
      expect((payload as TagReadPayload).tagId).toMatch(/^\d{8}$/);
    }
  });

  it('keeps a silent reader silent', () => {
    expect(
      received.some((message) => message.username === 'reader-13' || message.topic.startsWith('yard/readers/13/')),
    ).toBe(false);
  });

  it('sends machine telemetry (QoS 0) and events (QoS 1) that match the contract', () => {
    const telemetry = on('machineTelemetry');
    expect(telemetry.length).toBeGreaterThan(10);
    for (const message of telemetry) {
      expect(message.topic).toBe('yard/machines/7/telemetry');
      expect(message.qos).toBe(0);
      const payload = json(message);
      expect(Value.Check(MachineTelemetryPayload, payload), JSON.stringify(payload)).toBe(true);
      // Without an API the demo yard lies around the server's default centre.
      expect((payload as MachineTelemetryPayload).latitude).toBeCloseTo(18.949, 2);
    }
    for (const message of on('machineEvent')) {
      expect(message.qos).toBe(1);
      const payload = json(message);
      expect(Value.Check(MachineEventPayload, payload)).toBe(true);
      expect(isValidContainerNumber((payload as MachineEventPayload).containerNumber!)).toBe(true);
    }
  });

  it('sends ITV positions that match the contract', () => {
    const positions = on('itvPosition');
    expect(positions.length).toBeGreaterThan(5);
    for (const message of positions) expect(Value.Check(ItvPositionPayload, json(message))).toBe(true);
  });

  it('sends camera frames: a JSON header line and a 1280x720 JPEG, for each camera of the gate', async () => {
    const frames = on('cameraFrame');
    expect(new Set(frames.map((message) => message.topic))).toEqual(
      new Set(['yard/cameras/3/Front/frame', 'yard/cameras/3/Rear/frame']),
    );
    for (const message of frames) {
      expect(message.qos).toBe(1);
      const decoded = decodeFrame(message.payload);
      if (!decoded.ok) throw new Error(decoded.reason);
      expect(Value.Check(FrameHeader, decoded.header)).toBe(true);
      const metadata = await sharp(decoded.jpeg).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1280, 720]);
    }
  });

  it('gives every message of a device its own id', () => {
    const ids = new Map<string, Set<string>>();
    for (const message of received) {
      const decoded = message.topic.endsWith('/frame') ? decodeFrame(message.payload) : null;
      const id = decoded
        ? decoded.ok
          ? decoded.header.messageId
          : ''
        : (json(message) as { messageId: string }).messageId;
      const seen = ids.get(message.username) ?? new Set<string>();
      expect(seen.has(id), `${message.username} repeated ${id}`).toBe(false);
      seen.add(id);
      ids.set(message.username, seen);
      expect(id.startsWith(`${message.username}-`)).toBe(true);
    }
  });

  it('reports a refused device and carries on with the others', () => {
    expect(warnings.some((warning) => warning.startsWith('machine-8: cannot connect'))).toBe(true);
    expect(received.some((message) => message.topic.startsWith('yard/machines/8/'))).toBe(false);
    expect(stats.devices).toMatchObject({ total: 6, failed: 1, silent: 1 });
  });

  it('counts what the broker received, keeps to the rate and stops cleanly', () => {
    expect(stats.total).toBe(received.length);
    expect(stats.published.cameraFrame).toBe(on('cameraFrame').length);
    expect(stats.inFlight).toBe(0);
    expect(stats.failed).toBe(0);
    // 40 msg/s for the time it ran, plus the one-second burst the limiter allows.
    expect(stats.total).toBeLessThanOrEqual(40 * ranSeconds + 40);
    expect(broker.connectedClients).toBe(0);
  });
});
