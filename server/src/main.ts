import pino from 'pino';
import { INGEST_SUBSCRIPTION } from '@openyard/contracts';
import { SERVICE_USERNAME, startEmbeddedBroker, type EmbeddedBroker } from './adapters/broker';
import { createMemoryBus, createRedisBus } from './adapters/bus';
import { openDatabase, type DatabaseHandle } from './adapters/db';
import { createBullQueue, createMemoryQueue } from './adapters/queue';
import { buildApp } from './app';
import { ConfigError, loadConfig, resolveJwtSecret, resolveMqttServicePassword, type Config } from './config';
import { demoDevicesPath, seedDemoDevices } from './db/seed/demo-devices';
import { seedDemo, seedInitialSuperadmin, seedReferenceData } from './db/seed/seed';
import { createDeviceAuthenticator } from './modules/devices/device-credentials';
import { createExportsService } from './modules/exports/exports.service';
import { createOutboxRelay } from './modules/outbox/outbox-relay';
import { checkRedisDurability } from './adapters/redis-check';

// The process: configuration, adapters, the parts its ROLE runs, and a graceful shutdown that
// stops intake first, drains jobs in flight, and closes the database cleanly last.
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const started = Date.now();
  const logger = pino(
    process.stdout.isTTY && config.logLevel !== 'silent'
      ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : { level: config.logLevel },
  );

  let database: DatabaseHandle;
  try {
    database = await openDatabase(config);
  } catch (error) {
    logger.fatal(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  const { db } = database;
  if (config.role !== 'workers') {
    await seedReferenceData(db);
    if (config.demo) {
      await seedDemo(db, config.yard.yardCenter);
      await seedDemoDevices(db, config.dataDir, config.yard.yardCenter);
    }
    const initialPassword = await seedInitialSuperadmin(db, config.dataDir);
    if (initialPassword) {
      logger.warn(
        `Created the first user "superadmin" with password "${initialPassword}" (also in ${config.dataDir}/initial-credentials.txt). Change it after logging in.`,
      );
    }
  }

  if (config.redisUrl) await checkRedisDurability(config.redisUrl, logger);
  const bus = config.redisUrl ? createRedisBus(config.redisUrl) : createMemoryBus();
  const relay = createOutboxRelay({ db, bus, logger });
  const afterCommit = () => void relay.kick();
  const exports = createExportsService(config.dataDir);
  const stops: (() => Promise<void>)[] = [];

  let address: string | null = null;
  let app: Awaited<ReturnType<typeof buildApp>>['app'] | null = null;
  let checkDevice = createDeviceAuthenticator(db).check;
  if (config.role !== 'workers') {
    const built = await buildApp({ config, database, jwtSecret: resolveJwtSecret(config), bus, afterCommit, logger });
    app = built.app;
    checkDevice = built.services.deviceAuth.check;
  }

  let broker: EmbeddedBroker | null = null;
  if (config.role === 'all' && !config.mqttUrl) {
    const brokerOptions = { servicePassword: resolveMqttServicePassword(config), checkDevice, logger };
    try {
      broker = await startEmbeddedBroker({ ...brokerOptions, port: config.mqttPort });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
      if (config.mqttPortExplicit) {
        logger.fatal(`Invalid configuration: MQTT_PORT ${config.mqttPort} is in use by another program`);
        process.exit(2);
      }
      // Another broker (often a system Mosquitto) holds the default port: take a free one and say so.
      broker = await startEmbeddedBroker({ ...brokerOptions, port: 0 });
      logger.warn(
        `Port ${config.mqttPort} is in use; the embedded MQTT broker listens on ${broker.port} instead (set MQTT_PORT to choose).`,
      );
    }
  }

  if (config.role !== 'server') {
    const { startWorkers } = await import('@openyard/workers/runtime');
    const queue = config.redisUrl ? createBullQueue({ url: config.redisUrl, logger }) : createMemoryQueue({ logger });
    const mqtt = broker
      ? {
          url: broker.url,
          username: SERVICE_USERNAME,
          password: resolveMqttServicePassword(config),
          subscription: 'yard/#',
        }
      : {
          url: config.mqttUrl!,
          ...(config.mqttServiceUsername ? { username: config.mqttServiceUsername } : {}),
          ...(config.mqttServicePassword ? { password: config.mqttServicePassword } : {}),
          subscription: INGEST_SUBSCRIPTION,
        };
    const workers = await startWorkers({ config, db, queue, exports, afterCommit, logger, mqtt });
    stops.push(() => workers.stop());
  }

  if (app) address = await app.listen({ port: config.port, host: config.host });

  if (config.simulator && broker) {
    const { runSimulator } = await import('@openyard/simulator/run');
    const simulator = await runSimulator({
      url: broker.url,
      devices: demoDevicesPath(config.dataDir),
      apiUrl: `http://127.0.0.1:${config.port}`,
      logger: logger.child({ component: 'simulator' }),
    });
    stops.unshift(() => simulator.stop());
    logger.info('Demo simulator running (SIMULATOR=0 turns it off)');
  }

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took longer than 15 s; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      const step = async (name: string, work: () => Promise<unknown>) => {
        const at = Date.now();
        await work();
        logger.debug({ step: name, ms: Date.now() - at }, 'shutdown step done');
      };
      await step('http', async () => app?.close());
      for (const stop of stops) await step('component', stop);
      await step('broker', async () => broker?.close());
      await step('relay', async () => {
        await relay.kick();
        await relay.stop();
      });
      await step('bus', () => bus.close());
      await step('database', () => database.close());
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  logger.info(
    `Openyard ${config.role} ${address ? `listening on ${address.replace('0.0.0.0', 'localhost')} ` : ''}(${database.kind}, ${
      config.redisUrl ? 'redis' : 'in-process queue'
    }, ${config.mqttUrl ? 'external broker' : broker ? `embedded broker :${broker.port}` : 'no broker'}${config.demo ? ', demo yard' : ''}) in ${Date.now() - started} ms`,
  );
}

await main();
