import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { deviceTopicPrefix, parseDeviceUsername } from '@openyard/contracts';

export const SERVICE_USERNAME = 'openyard-service';

export interface EmbeddedBroker {
  url: string;
  port: number;
  connectedClients(): number;
  close(): Promise<void>;
}

type AuthedClient = Client & { openyardUser?: string };

function authError(message: string, returnCode: 2 | 4 | 5): AuthenticateError {
  return Object.assign(new Error(message), { returnCode });
}

function sameSecret(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// The embedded MQTT broker (aedes). Devices log in with their own credentials and client id, may
// publish only below their own topic prefix and subscribe to nothing; a second connection with a
// connected device's id is refused, so it cannot push the real device off. Only the service account
// (ingest) may subscribe. System topics ($SYS/...) are closed to everyone.
export async function startEmbeddedBroker({
  port,
  host = '0.0.0.0',
  servicePassword,
  checkDevice,
  logger,
}: {
  port: number;
  host?: string;
  servicePassword: string;
  checkDevice: (username: string, password: string) => Promise<boolean>;
  logger: FastifyBaseLogger;
}): Promise<EmbeddedBroker> {
  const connected = new Set<string>();
  const broker = await Aedes.createBroker({
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
      if (connected.has(client.id)) return done(authError('This device is already connected', 2), false);
      checkDevice(user, secret).then(
        (ok) => (ok ? accept() : done(authError('Bad device credentials', 4), false)),
        (error: unknown) => {
          logger.error({ err: error }, 'device authentication failed');
          done(authError('Authentication unavailable', 5), false);
        },
      );
    },
    authorizePublish: (client, packet, callback) => {
      const user: string | undefined = client ? (client as AuthedClient).openyardUser : undefined;
      if (packet.topic.startsWith('$')) return callback(new Error('System topics are closed'));
      const device = user ? parseDeviceUsername(user) : null;
      if (device && packet.topic.startsWith(deviceTopicPrefix(device.kind, device.id))) return callback(null);
      callback(new Error(`${user ?? 'unknown'} may not publish to ${packet.topic}`));
    },
    authorizeSubscribe: (client, subscription, callback) => {
      const user = (client as AuthedClient).openyardUser;
      if (user === SERVICE_USERNAME && !subscription.topic.startsWith('$')) return callback(null, subscription);
      callback(new Error(`${user ?? 'unknown'} may not subscribe to ${subscription.topic}`));
    },
  });
  broker.on('clientReady', (client) => connected.add(client.id));
  broker.on('clientDisconnect', (client) => connected.delete(client.id));

  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  logger.info(`Embedded MQTT broker on port ${actualPort}`);
  return {
    url: `mqtt://127.0.0.1:${actualPort}`,
    port: actualPort,
    connectedClients: () => broker.connectedClients,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
