import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { DEVICE_TOPICS_FILTER, ingestSubscription } from '@openyard/contracts';
import {
  PACKET_OVERHEAD_BYTES,
  SERVICE_USERNAME,
  startEmbeddedBroker,
  type DeviceIntake,
  type EmbeddedBroker,
} from '@openyard/server/adapters/broker';
import { createMemoryBus, createRedisBus } from '@openyard/server/adapters/bus';
import { createHttpErp } from '@openyard/server/adapters/erp';
import { openDatabase, type DatabaseHandle } from '@openyard/server/adapters/db';
import { createBullQueue, openMemoryQueue } from '@openyard/server/adapters/queue';
import { checkRedisDurability } from '@openyard/server/adapters/redis-check';
import { buildApp } from '@openyard/server/app';
import { ConfigError, resolveJwtSecret, resolveMqttServicePassword, type Config } from '@openyard/server/config';
import { demoDevicesPath, seedDemoDevices } from '@openyard/server/db/seed/demo-devices';
import { seedDemoContainers, seedDemoMachineEvents } from '@openyard/server/db/seed/demo-containers';
import { DEMO_PASSWORD, seedDemo, seedInitialSuperadmin, seedReferenceData } from '@openyard/server/db/seed/seed';
import { createJobStore } from '@openyard/server/modules/jobs';
import { requeueFrameIntake } from '@openyard/server/modules/ocr';
import { createOutboxRelay, outboxRepository, type AfterCommit, type TellNow } from '@openyard/server/modules/outbox';
import { createMetrics } from '@openyard/server/lib/metrics';
import { buildProbeApp, tcpReachable, type ReadinessChecks } from '@openyard/server/plugins/observability';
import { createServices } from '@openyard/server/services';
import { connectMqttPublisher } from '@openyard/server/adapters/mqtt-publisher';
import { createDeviceAcks, type DeviceAcks } from '@openyard/server/modules/devices';
import { startMachineTasksPublisher, type MachineTasksPublisher } from '@openyard/server/modules/tasks';
import type { Workers } from '@openyard/workers/runtime';

// The composition root: the one place that wires a process together from the server (API, hub,
// services), the workers (ingest, jobs) and the simulator. Nothing in those packages starts another.
// Starts what the ROLE runs: the API and websocket hub, the workers (ingest, jobs), the embedded
// broker; `stop()` stops intake first (uploads, ingest, broker), then finishes or keeps the queued
// jobs, and closes the database last.
// What the operator should hear at start about the configuration.
export function configurationWarnings(config: Pick<Config, 'trustProxy'>): string[] {
  return config.trustProxy === 'true'
    ? [
        'TRUST_PROXY=true believes any X-Forwarded-For, so a client can forge its address and get fresh rate-limit and login-failure budgets: set the hop count (1 behind one proxy) or the proxy addresses instead.',
      ]
    : [];
}

const defaultMqttPort = (url: string) => ({ 'mqtts:': 8883, 'wss:': 443, 'ws:': 80 })[new URL(url).protocol] ?? 1883;

export async function startOpenyard(config: Config, logger: Logger) {
  const started = Date.now();
  for (const warning of configurationWarnings(config)) logger.warn(warning);
  const database: DatabaseHandle = await openDatabase(config, {
    onLockWait: () =>
      logger.warn(`${config.dataDir}/pglite.lock is held: waiting up to 20 s for a process that stopped to let go`),
  });
  const { db } = database;
  if (config.role !== 'workers') {
    await seedReferenceData(db);
    if (config.demo) {
      await seedDemo(db, config.yard.yardCenter);
      const seedingAt = Date.now();
      const seeded = await seedDemoContainers(db, { slots: config.yard });
      if (seeded.inYard) logger.info({ ...seeded, ms: Date.now() - seedingAt }, 'Demo containers seeded');
      await seedDemoDevices(db, config.dataDir, config.yard.yardCenter);
      if (seeded.inYard) await seedDemoMachineEvents(db);
    }
    // PGlite has no autovacuum: give its planner statistics now (the AnalyzeEmbedded job keeps them).
    if (database.kind === 'pglite') await db.execute(sql`analyze`);
    await seedInitialSuperadmin(db, config.dataDir, (message) => logger.warn(message));
  }

  if (config.redisUrl) await checkRedisDurability(config.redisUrl, logger);
  const bus = config.redisUrl
    ? createRedisBus(config.redisUrl, config.redisPrefix, { publishTimeoutMs: config.busPublishTimeoutMs })
    : createMemoryBus();
  const relay = createOutboxRelay({ db, bus, logger });
  const afterCommit: AfterCommit = (written) => void relay.kick(written);
  const tellNow: TellNow = (events) => void relay.tell(events);
  // The main job queue: this process's workers run it (ROLE=all, workers); services hand it work
  // that runs in the background (the planning engine's runs), from every role.
  const queue = config.redisUrl
    ? createBullQueue({ url: config.redisUrl, prefix: config.redisPrefix, stalledMs: config.queueStalledMs, logger })
    : await openMemoryQueue({ logger, store: createJobStore(db, 'openyard') });
  // The demo's ERP (issue 20): with the simulator on and no ERP_URL, the reference ERP of
  // simulator/src/erp.ts runs beside the server and the HTTP adapter talks to it as to a real one.
  const referenceErp =
    config.simulator && !config.erp.url && config.role === 'all'
      ? await (async () => {
          const { startReferenceErp, demoGatePasses } = await import('@openyard/simulator/erp');
          const started = await startReferenceErp({ gatePasses: demoGatePasses() });
          logger.info({ url: started.url }, 'Reference ERP running for the demo (set ERP_URL for a real one)');
          return started;
        })()
      : null;
  const erp = referenceErp ? createHttpErp({ ...config.erp, url: referenceErp.url }) : undefined;
  // The process's metrics and readiness (GET /metrics, /readyz; plugins/observability.ts); services
  // count what they do in them too.
  const metrics = createMetrics();
  // Every service once, shared by the API and the workers of this process.
  const services = createServices({
    config,
    database,
    afterCommit,
    tellNow,
    listen: config.role !== 'workers',
    jobs: queue,
    metrics,
    ...(erp ? { erp } : {}),
  });
  const stops: (() => Promise<void>)[] = [];
  // An archive run a stop or crash interrupted is handed to the queue again (its job id dedupes).
  const resumedArchive = await services.archive.resumeInterrupted();
  if (resumedArchive) logger.info({ runId: resumedArchive }, 'resumed an interrupted archive run');
  if (referenceErp) stops.push(() => referenceErp.close());

  // OCR jobs have a queue of their own (own concurrency): ingest and HTTP uploads add to it, the
  // workers process it. The API of ROLE=server only adds.
  const ocrQueue = config.redisUrl
    ? createBullQueue({
        url: config.redisUrl,
        prefix: config.redisPrefix,
        stalledMs: config.queueStalledMs,
        logger,
        name: 'ocr',
      })
    : await openMemoryQueue({ logger, maxPending: 10_000, store: createJobStore(db, 'ocr') });
  // Frames stored before a crash whose OCR job was not queued yet are queued before any intake.
  const requeuedFrames = await requeueFrameIntake(services.blobs, ocrQueue);
  if (requeuedFrames) logger.info({ frames: requeuedFrames }, 'queued the OCR jobs of frames stored before a crash');

  metrics.addQueue('main', queue);
  metrics.addQueue('ocr', ocrQueue);
  metrics.setDatabase(database);
  metrics.setOutbox({ backlog: () => outboxRepository.backlog(db) });
  let broker: EmbeddedBroker | null = null;
  const readiness: ReadinessChecks = {
    database: () => db.execute(sql`select 1`),
    queue: () => queue.ping(),
    broker: async () => {
      if (config.mqttUrl) return tcpReachable(config.mqttUrl, defaultMqttPort(config.mqttUrl));
      if (config.role === 'all' && !broker) throw new Error('the embedded broker is not running');
    },
  };

  let address: string | null = null;
  let app: Awaited<ReturnType<typeof buildApp>>['app'] | null = null;
  let probes: Awaited<ReturnType<typeof buildProbeApp>> | null = null;
  if (config.role !== 'workers') {
    const built = await buildApp({
      config,
      database,
      jwtSecret: resolveJwtSecret(config),
      bus,
      logger,
      ocrQueue,
      services,
      metrics,
      readiness,
    });
    app = built.app;
  } else {
    probes = await buildProbeApp({ metrics, metricsToken: config.metricsToken, checks: readiness, logger });
  }
  const checkDevice = (username: string, password: string, address: string) =>
    services.deviceAuth.login(username, password, address);

  // The embedded broker hands device messages to ingest in this process, which stores them before
  // the broker acknowledges them; refused until ingest runs and once it stops.
  const intake: { current: DeviceIntake | null } = { current: null };
  if (config.role === 'all' && !config.mqttUrl) {
    const brokerOptions = {
      host: config.mqttHost,
      servicePassword: resolveMqttServicePassword(config),
      checkDevice,
      maxPacketBytes: config.ocr.maxFrameBytes + PACKET_OVERHEAD_BYTES,
      maxConnectionsPerAddress: config.mqttMaxConnectionsPerAddress,
      logger,
      intake,
    };
    try {
      broker = await startEmbeddedBroker({ ...brokerOptions, port: config.mqttPort });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
      if (config.mqttPortExplicit)
        throw new ConfigError('MQTT_PORT', `${config.mqttPort} is in use by another program`);
      // Another broker (often a system Mosquitto) holds the default port: take a free one and say so.
      broker = await startEmbeddedBroker({ ...brokerOptions, port: 0 });
      logger.warn(
        `Port ${config.mqttPort} is in use; the embedded MQTT broker listens on ${broker.port} instead (set MQTT_PORT to choose).`,
      );
    }
  }

  let workers: Workers | null = null;
  let machineTasks: {
    publisher: MachineTasksPublisher;
    connection: ReturnType<typeof connectMqttPublisher>;
    acks: DeviceAcks;
  } | null = null;
  if (config.role !== 'server') {
    // Loaded only by a process that runs them (the OCR engine is heavy to load).
    const { startWorkers } = await import('@openyard/workers/runtime');
    const mqtt = broker
      ? {
          url: broker.url,
          username: SERVICE_USERNAME,
          password: resolveMqttServicePassword(config),
          subscription: DEVICE_TOPICS_FILTER,
          intake,
        }
      : {
          url: config.mqttUrl!,
          ...(config.mqttServiceUsername ? { username: config.mqttServiceUsername } : {}),
          ...(config.mqttServicePassword ? { password: config.mqttServicePassword } : {}),
          subscription: ingestSubscription(config.ingestShareGroup),
        };
    // Tasks go to the machines on their own topics (issue 17) and stored messages are acknowledged
    // to their devices, from every process that runs ingest, with the same service account.
    const connection = connectMqttPublisher({
      url: mqtt.url,
      ...(mqtt.username ? { username: mqtt.username } : {}),
      ...(mqtt.password ? { password: mqtt.password } : {}),
      clientId: `${config.ingestClientId}-tasks`,
      logger,
    });
    const acks = createDeviceAcks((topic, payload) => connection.send(topic, payload));
    workers = await startWorkers({ config, db, queue, ocrQueue, services, logger, mqtt, metrics, acks });
    const publisher = startMachineTasksPublisher({
      bus,
      tasks: services.tasks,
      machines: services.machines,
      broker: connection,
      logger: logger.child({ component: 'machine-tasks' }),
    });
    machineTasks = { publisher, connection, acks };
  }

  if (app) address = await app.listen({ port: config.port, host: config.host });
  // A workers process listens for its health checks and scrapes only.
  if (probes) address = await probes.listen({ port: config.port, host: config.host });

  if (config.simulator && broker) {
    const { runSimulator } = await import('@openyard/simulator/run');
    const simulator = await runSimulator({
      url: broker.url,
      devices: demoDevicesPath(config.dataDir),
      apiUrl: `http://127.0.0.1:${config.port}`,
      // The demo's users have the demo password: its gate clerk works the demo gates, and its
      // machines work the tasks (the gate's and everyone's) through the machine terminal's calls.
      ...(config.demo
        ? {
            gateClerk: { username: 'superadmin', password: DEMO_PASSWORD },
            machineWork: { username: 'superadmin', password: DEMO_PASSWORD },
          }
        : {}),
      logger: logger.child({ component: 'simulator' }),
    });
    stops.push(() => simulator.stop());
    logger.info('Demo simulator running (SIMULATOR=0 turns it off)');
  }

  async function stop() {
    const step = async (name: string, work: () => Promise<unknown>) => {
      const at = Date.now();
      await work();
      logger.debug({ step: name, ms: Date.now() - at }, 'shutdown step done');
    };
    for (const stop of stops) await step('simulator', stop);
    // Intake first: no upload, websocket or device message is taken from here on. A device message
    // that arrives now is refused unacknowledged and sent again to the next run.
    await step('http', async () => {
      await app?.close();
      await probes?.close();
      services.close();
    });
    await step('ingest', async () => workers?.stopIntake());
    await step('machine tasks', async () => {
      await machineTasks?.publisher.stop();
      // Acks of messages stored from here on are lost with the connection: their devices send them again.
      machineTasks?.acks.flush();
      await machineTasks?.connection.close();
    });
    await step('broker', async () => broker?.close());
    // Then the jobs: finished, or kept in the database for the next start (embedded). The workers
    // close the OCR queue; a server-only process closes its producer.
    await step('jobs', async () => {
      if (workers) await workers.stop();
      else await Promise.all([queue.close(), ocrQueue.close()]);
    });
    await step('relay', async () => {
      await relay.kick();
      await relay.stop();
    });
    await step('bus', () => bus.close());
    await step('database', () => database.close());
  }

  logger.info(
    `Openyard ${config.role} ${address ? `listening on ${address.replace('0.0.0.0', 'localhost')} ` : ''}(${database.kind}, ${
      config.redisUrl ? 'redis' : 'in-process queue'
    }, ${config.mqttUrl ? 'external broker' : broker ? `embedded broker :${broker.port}` : 'no broker'}${config.demo ? ', demo yard' : ''}) in ${Date.now() - started} ms`,
  );
  return {
    app,
    address,
    broker,
    bus,
    relay,
    database,
    services,
    workers,
    machineTasks: machineTasks?.publisher ?? null,
    metrics,
    stop,
  };
}
