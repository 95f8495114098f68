import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { deviceInboxTopics, deviceTopicPrefix, parseDeviceUsername, parseInboxTopic } from '@openyard/contracts';

export const SERVICE_USERNAME = 'openyard-service';

export interface EmbeddedBroker {
  url: string;
  port: number;
  connectedClients(): number;
  close(): Promise<void>;
}

type AuthedClient = Client & { openyardUser?: string };

// Ingest in this process (the embedded topology) takes each device message before the broker
// acknowledges it, and calls `done` once the message is stored; with an error it is not acknowledged
// (the device's connection is closed and it sends the message again).
export type DeviceIntake = (packet: PublishPacket, done: (error?: Error) => void) => void;

// aedes passes any code from 2 to 5 on (its type leaves out 3, "server unavailable").
function authError(message: string, returnCode: 2 | 3 | 4 | 5): AuthenticateError {
  return Object.assign(new Error(message), { returnCode });
}

function sameSecret(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// How long a new connection may take to send its CONNECT (aedes' default is 30 s): an idle socket
// holds a slot of its address's allowance.
export const CONNECT_TIMEOUT_MS = 10_000;

// The first packet must be a CONNECT: client id, username, password and a will fit in a few
// kilobytes, so nobody unauthenticated makes the broker buffer more than this.
export const MAX_CONNECT_PACKET_BYTES = 64 * 1024;

// Room for the topic, the frame's JSON header line and MQTT's own fields beyond the JPEG itself.
export const PACKET_OVERHEAD_BYTES = 64 * 1024;

// Connections from one address: a NAT gateway may carry a whole yard's devices (the demo
// simulator and the benchmarks connect theirs from loopback), but only a few need be logging in at
// once; each of those may hold a CONNECT of MAX_CONNECT_PACKET_BYTES.
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 256;
export const MAX_CONNECTING_PER_ADDRESS = 32;

// What a device login comes to; 'throttled': too many failures, the password was not checked.
export type DeviceLoginResult = 'accepted' | 'refused' | 'throttled';
export type DeviceCheck = (username: string, password: string, address: string) => Promise<DeviceLoginResult>;

// Cuts a connection whose next packet announces more than it may send, from the MQTT fixed header
// (a type byte and a remaining length of 1 to 4 bytes), before the parser buffers the body. The
// socket's own `read` is wrapped, because aedes reads a socket with `read()` on 'readable': no
// copy, no extra stream. The first packet (the CONNECT) has the smaller limit.
function limitPacketSize(socket: Socket, maxPacketBytes: number) {
  let remaining = 0; // body bytes of the current packet not yet read
  let lengthBytes = -1; // -1: expecting a type byte; 0..4: remaining-length bytes read so far
  let length = 0;
  let limit = MAX_CONNECT_PACKET_BYTES;
  const read = socket.read.bind(socket);
  socket.read = (size?: number) => {
    const chunk = read(size) as Buffer | string | null;
    if (!Buffer.isBuffer(chunk)) return chunk;
    let offset = 0;
    while (offset < chunk.length) {
      if (remaining > 0) {
        const skip = Math.min(remaining, chunk.length - offset);
        remaining -= skip;
        offset += skip;
        continue;
      }
      const byte = chunk[offset++]!;
      if (lengthBytes < 0) {
        lengthBytes = 0;
        length = 0;
        continue;
      }
      length += (byte & 0x7f) * 128 ** lengthBytes;
      lengthBytes += 1;
      if (byte & 0x80 && lengthBytes < 4) continue;
      if (length > limit || byte & 0x80) {
        socket.destroy(new Error(`MQTT packet of ${length} bytes is over the limit of ${limit}`));
        return null;
      }
      remaining = length;
      lengthBytes = -1;
      limit = maxPacketBytes;
    }
    return chunk;
  };
}

// The embedded MQTT broker (aedes). Devices log in with their own credentials and client id, may
// publish only below their own topic prefix and subscribe only to their own inbox (a machine to its
// tasks; every other subscription is refused in the SUBACK, 0x80); a second connection with a
// connected device's id is refused, so it cannot push the real device off. The service account
// subscribes to the device topics (ingest) and alone publishes to the devices' inboxes (the machine
// tasks publisher). System topics ($SYS/...) are closed to everyone. Packets are limited to
// `maxPacketBytes`, connections per address to `maxConnectionsPerAddress`.
export async function startEmbeddedBroker({
  port,
  host = '127.0.0.1',
  servicePassword,
  checkDevice,
  maxPacketBytes = 8 * 1024 * 1024 + PACKET_OVERHEAD_BYTES,
  maxConnectionsPerAddress = DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  connectTimeoutMs = CONNECT_TIMEOUT_MS,
  logger,
  intake,
}: {
  port: number;
  host?: string;
  servicePassword: string;
  checkDevice: DeviceCheck;
  // The largest packet a client may send: the largest camera frame plus PACKET_OVERHEAD_BYTES.
  maxPacketBytes?: number;
  maxConnectionsPerAddress?: number;
  connectTimeoutMs?: number;
  logger: FastifyBaseLogger;
  // Set: device messages go to `intake.current` (refused while it is null: starting or stopping).
  intake?: { current: DeviceIntake | null };
}): Promise<EmbeddedBroker> {
  // A device whose password checked out, between that answer and aedes registering it (which
  // takes a few more turns): with aedes' own clients, what "this device is connected" means.
  const admitted = new Map<string, Client>();
  const live = (client: Client | undefined, besides: Client): client is Client =>
    client !== undefined && client !== besides && !client.closed && !client.conn.destroyed;
  // aedes' registry of connected clients by id (in its JavaScript, not in its types).
  const registered = (id: string) => (broker as unknown as { clients: Record<string, Client | undefined> }).clients[id];
  const addressOf = (client: Client) => (client.conn as Socket).remoteAddress ?? 'unknown';

  const broker = await Aedes.createBroker({
    connectTimeout: connectTimeoutMs,
    authenticate: (client, username, password, done) => {
      const user = username ?? '';
      const secret = password?.toString('utf8') ?? '';
      const accept = () => {
        (client as AuthedClient).openyardUser = user;
        done(null, true);
      };
      if (user === SERVICE_USERNAME) {
        if (sameSecret(secret, servicePassword)) accept();
        else done(authError('Bad service credentials', 4), false);
        return;
      }
      if (!parseDeviceUsername(user)) return done(authError('Unknown device', 4), false);
      if (client.id !== user) return done(authError('A device connects with its own client id', 2), false);
      checkDevice(user, secret, addressOf(client)).then(
        (result) => {
          // 3 (server unavailable) tells a device to come back later rather than to give up.
          if (result === 'throttled') return done(authError('Too many failed logins; try again in a minute', 3), false);
          if (result !== 'accepted') return done(authError('Bad device credentials', 4), false);
          // Only now, with the password right, may the answer tell that the device is online. Decided
          // from aedes' own clients (and those admitted but not registered yet), never from events:
          // a socket that drops between CONNACK and aedes' 'clientReady' would outlive its close.
          if (live(registered(user), client) || live(admitted.get(user), client))
            return done(authError('This device is already connected', 2), false);
          admitted.set(user, client);
          accept();
        },
        (error: unknown) => {
          logger.error({ err: error }, 'device authentication failed');
          done(authError('Authentication unavailable', 5), false);
        },
      );
    },
    authorizePublish: (client, packet, callback) => {
      const user: string | undefined = client ? (client as AuthedClient).openyardUser : undefined;
      if (packet.topic.startsWith('$')) return callback(new Error('System topics are closed'));
      if (user === SERVICE_USERNAME && parseInboxTopic(packet.topic)) return callback(null);
      const device = user ? parseDeviceUsername(user) : null;
      if (device && packet.topic.startsWith(deviceTopicPrefix(device.kind, device.id))) {
        if (!intake) return callback(null);
        // aedes acknowledges a QoS 1 message as soon as this answers: so only once ingest stored it.
        const take = intake.current;
        if (!take) return callback(new Error('Device messages are not taken now'));
        return take(packet, (error) => callback(error ?? null));
      }
      callback(new Error(`${user ?? 'unknown'} may not publish to ${packet.topic}`));
    },
    authorizeSubscribe: (client, subscription, callback) => {
      const user = (client as AuthedClient).openyardUser;
      if (user === SERVICE_USERNAME && !subscription.topic.startsWith('$')) return callback(null, subscription);
      const device = user ? parseDeviceUsername(user) : null;
      if (device && deviceInboxTopics(device.kind, device.id).includes(subscription.topic))
        return callback(null, subscription);
      // Negated: the SUBACK says 0x80 and nothing is delivered (retained messages neither).
      callback(null, null);
    },
  });
  const forget = (client: Client) => {
    if (admitted.get(client.id) === client) admitted.delete(client.id);
  };
  broker.on('client', forget);
  broker.on('clientDisconnect', forget);

  // Open connections per address, and of those the ones that have not finished their CONNECT.
  const open = new Map<string, { sockets: number; connecting: number }>();
  const server: Server = createServer((socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const counts = open.get(address) ?? { sockets: 0, connecting: 0 };
    if (counts.sockets >= maxConnectionsPerAddress || counts.connecting >= MAX_CONNECTING_PER_ADDRESS) {
      socket.destroy();
      return;
    }
    counts.sockets += 1;
    counts.connecting += 1;
    open.set(address, counts);
    let connecting = true;
    const connected = () => {
      if (!connecting) return;
      connecting = false;
      counts.connecting -= 1;
    };
    socket.once('close', () => {
      connected();
      counts.sockets -= 1;
      if (counts.sockets === 0) open.delete(address);
    });
    limitPacketSize(socket, maxPacketBytes);
    broker.handle(socket).once('connected', connected);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  logger.info(`Embedded MQTT broker on ${host}:${actualPort}`);
  return {
    url: `mqtt://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${actualPort}`,
    port: actualPort,
    connectedClients: () => broker.connectedClients,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
