// Where the tests find the real services, and which database the server test project runs on.
// Test settings, read once here; the product's own settings live in ../config.ts.
import { Socket } from 'node:net';

export const TEST_SERVICES = {
  postgresUrl: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  mqttUrl: process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883',
};

export const TEST_DATABASE: 'postgres' | 'pglite' =
  process.env.OPENYARD_TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

// What child processes of the tests inherit from the test runner's environment (nothing else).
export const INHERITED_PATH = process.env.PATH ?? '/usr/bin:/bin';
export const INHERITED_HOME = process.env.HOME;

// Whether something listens at the URL's host and port (the default port when it names none).
export function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.connect(Number(port || defaultPort), hostname);
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    // A migrated, empty database that each file's database copies (database-template.ts, test-app.ts):
    // the data folder of a PGlite, or the name of a PostgreSQL database on the test server.
    testDatabaseTemplate: string;
  }
}
