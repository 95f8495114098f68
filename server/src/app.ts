import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { messages, UPLOAD_MAX_BYTES } from '@openyard/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import type { DatabaseHandle } from './adapters/db';
import type { Bus } from './adapters/bus';
import type { Queue } from './adapters/queue';
import type { Config } from './config';
import { liveHub } from './live/hub';
import { startAlarmRecorder } from './modules/alarms';
import { authRoutes } from './modules/auth';
import { batchRoutes } from './modules/batch';
import { chaRoutes } from './modules/cha';
import { configurationRoutes } from './modules/configuration';
import { dashboardRoutes } from './modules/dashboard';
import { deviceLogsRoutes } from './modules/device-logs';
import { exportsRoutes } from './modules/exports';
import type { Erp } from './adapters/erp';
import { gateOperationsRoutes } from './modules/gate-operations';
import { gatesRoutes } from './modules/gates';
import { containersRoutes, inventoryRoutes, yardRoutes } from './modules/inventory';
import { kioskRoutes } from './modules/kiosk';
import { machinesRoutes } from './modules/machines';
import { machineAllocationsRoutes } from './modules/machine-allocations';
import { machineShiftsRoutes } from './modules/machine-shifts';
import { masterDataRoutes } from './modules/master-data';
import { yardLocationsRoutes } from './modules/yard-locations';
import { mapTileSources, metadataRoutes } from './modules/metadata';
import { ocrRoutes } from './modules/ocr';
import { planningRoutes } from './modules/planning';
import { archiveRoutes } from './modules/archive';
import { preAdvicesRoutes } from './modules/pre-advices';
import { reportsRoutes } from './modules/reports';
import { subscribeDomainEvents, type AfterCommit, type TellNow } from './modules/outbox';
import { rolesRoutes } from './modules/roles';
import { smartGateRoutes } from './modules/smart-gate';
import { surveysRoutes } from './modules/surveys';
import { trailersRoutes } from './modules/trailers';
import { taskDashboardRoutes } from './modules/task-dashboard';
import { tasksRoutes } from './modules/tasks';
import { usersRoutes } from './modules/users';
import { displayTokensRoutes } from './modules/display-tokens';
import { sql } from 'drizzle-orm';
import { createMetrics, type Metrics } from './lib/metrics';
import { accessPlugin } from './plugins/access';
import { observabilityPlugin, requestId, type ReadinessChecks } from './plugins/observability';
import { errorsPlugin } from './plugins/errors';
import { clientLimit, localBudgets, publicLimits as createPublicLimits, sharedBudgets } from './lib/public-limits';
import { createRedisMinuteCounter } from './adapters/minute-counter';
import { createServices, type Services } from './services';

// How many verified tokens a server keeps (fast-jwt's LRU): more than the users it serves at once.
const VERIFIED_TOKENS_KEPT = 10_000;
// How long a starting server waits for the Redis its rate limits count in (scaled set-ups).
const REDIS_READY_WAIT_MS = 5_000;

export const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

const defaultWebDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  jwtSecret: string;
  // The event bus the websocket hub listens to (none: no /ws, as in the workers role).
  bus?: Bus;
  // Called after a transaction that wrote outbox events, so the relay sends them at once.
  afterCommit?: AfterCommit;
  // Tells events on the bus without the outbox, for an app that builds its own services.
  tellNow?: TellNow;
  // Logger options, or a ready pino instance shared with the rest of the process.
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  // The OCR queue that uploaded camera frames go to (none: no upload route).
  ocrQueue?: Queue;
  // The main worker queue, for an app that builds its own services (the planning engine's runs).
  queue?: Queue;
  // The process's services (createServices), shared with its workers; without them the app builds
  // its own (with `afterCommit`) and closes them with itself.
  services?: Services;
  // The ERP the gate asks, for an app that builds its own services (tests plug a double in here).
  erp?: Erp;
  // The process's metrics (GET /metrics); without them the app counts its own.
  metrics?: Metrics;
  // What /readyz checks; without them the database and the queues the app was given.
  readiness?: ReadinessChecks;
}

function trustProxyOption(value: string | undefined): FastifyServerOptions['trustProxy'] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address: string, hop: number) => hop < hops;
  }
  if (value === 'true') return true;
  return value.split(',').map((part) => part.trim());
}

// The app as a plugin-composed instance: used by main (with a listener) and by tests (inject).
export async function buildApp({
  config,
  database,
  jwtSecret,
  bus,
  afterCommit: afterCommitted = () => undefined,
  tellNow,
  logger = false,
  ocrQueue,
  services: given,
  erp,
  queue,
  metrics = createMetrics(),
  readiness,
}: AppDependencies) {
  const tls = config.tlsCertFile && config.tlsKeyFile;
  const app = Fastify({
    ...(logger && typeof logger === 'object' && 'child' in logger ? { loggerInstance: logger } : { logger }),
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    ...(tls ? { https: { cert: readFileSync(config.tlsCertFile!), key: readFileSync(config.tlsKeyFile!) } } : {}),
  })
    .withTypeProvider<TypeBoxTypeProvider>()
    .setValidatorCompiler(TypeBoxValidatorCompiler);

  // Before every other hook: the request id in hand, the response timed (plugins/observability.ts).
  metrics.setDatabase(database);
  await app.register(observabilityPlugin, {
    metrics,
    metricsToken: config.metricsToken,
    checks: readiness ?? {
      database: () => database.db.execute(sql`select 1`),
      ...(queue ? { queue: () => queue.ping() } : {}),
      ...(ocrQueue ? { ocrQueue: () => ocrQueue.ping() } : {}),
    },
  });

  const services =
    given ??
    createServices({
      config,
      database,
      afterCommit: afterCommitted,
      ...(tellNow ? { tellNow } : {}),
      ...(erp ? { erp } : {}),
      ...(queue ? { jobs: queue } : {}),
      metrics,
    });
  if (!given) app.addHook('onClose', async () => services.close());
  const { auth, inventoryVersion } = services;
  // The bus carries the domain events of every process (what every server's hub forwards, projected);
  // the inventory version follows them.
  const unsubscribeVersion =
    bus &&
    subscribeDomainEvents(bus, {
      'container.moved': (event) => inventoryVersion.containerMoved(event.data.version),
      'yard.layoutChanged': () => inventoryVersion.layoutChanged(),
      // A liner's colour or prefixes are in the grid snapshot (migration 0003 raises the inventory
      // version with them; this server reads it again rather than wait for the notification).
      'masterData.changed': (event) => {
        if (event.data.list === 'liner-infos') inventoryVersion.layoutChanged();
      },
    });
  if (unsubscribeVersion) app.addHook('onClose', async () => unsubscribeVersion());
  // Every API server records the yard's alarms from the bus (alarms.recorder.ts: their writes meet
  // in the database's keys, so several servers record each alarm once).
  const alarmRecorder = bus && startAlarmRecorder({ bus, alarms: services.alarms, logger: app.log });
  if (alarmRecorder) app.addHook('onClose', async () => alarmRecorder.stop());
  const webDir = resolve(config.webDir ?? defaultWebDir);
  const serveWeb = existsSync(resolve(webDir, 'index.html'));

  await app.register(errorsPlugin, { webDir: serveWeb ? webDir : undefined });
  // Security headers (helmet): the middleware is built once. @fastify/helmet built it anew on every
  // request, parsing the CSP directives each time (7 % of the server's time for a light request).
  const securityHeaders = helmet({
    // Mantine writes inline styles; everything else comes from this origin.
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'style-src': ["'self'", "'unsafe-inline'"],
        // The satellite basemap's tile server, when MAP_TILE_URL names one.
        'img-src': ["'self'", 'data:', 'blob:', ...mapTileSources(config.yard.mapTileUrl)],
        'connect-src': ["'self'", ...mapTileSources(config.yard.mapTileUrl)],
        'upgrade-insecure-requests': tls ? [] : null,
      },
    },
    hsts: tls ? { maxAge: 15552000 } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  // Keyed by the socket address unless TRUST_PROXY names the proxy, so a forged
  // X-Forwarded-For cannot give a client a fresh budget.
  await app.register(rateLimit, {
    global: false,
    max: config.apiRateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 'RATE_LIMITED',
      message: 'Too many requests, please slow down',
    }),
  });
  // The API limit counts every request before anything can refuse it: as a route hook (the
  // plugin's `global`) it ran after the access check and a route's own device login, so 401 and
  // 403 answers, and wrong camera passwords each costing an argon2 check, were never counted.
  // Routes with a limit of their own (login, public lookups) count in that one instead.
  const apiRateLimit = app.rateLimit();
  app.addHook('onRequest', async function (request, reply) {
    if (request.routeOptions.config.rateLimit === undefined) await apiRateLimit.call(this, request, reply);
  });
  // The public calls' limits, per client and for all clients together (issue 21), and the sign-ins'
  // per client: with Redis (a scaled set-up, several servers behind one proxy) counted in Redis, so
  // a client gets one budget whichever server it reaches (issue 23).
  const sharedCounter = config.redisUrl ? createRedisMinuteCounter(config.redisUrl, config.redisPrefix) : undefined;
  if (sharedCounter) {
    // Counted in Redis from the first request: a server that answered before its connection was up
    // would give each client a budget of its own for that while (at most REDIS_READY_WAIT_MS).
    app.addHook('onReady', async () => {
      if (!(await sharedCounter.ready(REDIS_READY_WAIT_MS)))
        app.log.warn('Redis not connected: the public rate limits count in this process until it is');
    });
    app.addHook('onClose', async () => sharedCounter.close());
  }
  const budgets = sharedCounter ? sharedBudgets(sharedCounter) : localBudgets;
  const publicLimits = createPublicLimits({
    perClientPerMinute: config.publicRateLimitPerMinute,
    globalPerMinute: config.publicGlobalRateLimitPerMinute,
    store: budgets,
  });
  const signInLimit = (name: string) =>
    clientLimit({
      name,
      perMinute: config.loginRateLimitPerMinute,
      message: messages.loginRateLimited,
      store: budgets,
    });
  await app.register(cookie);
  // Uploads (routes declared `bodyKind: 'multipart'`): the plugin only accepts the content type;
  // registerRoutes reads the parts of those routes, with their limits (server/src/lib/multipart.ts).
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  // Verified tokens are kept (up to their expiry, at most 10 minutes), found again by a hash of the
  // token (fast-jwt's own key): decoding and checking a token was a tenth of the server's time for
  // a light request. The session behind the token is still read on every request (auth.service),
  // so a logout or a disabled user takes effect at once.
  await app.register(jwt, { secret: jwtSecret, verify: { cache: VERIFIED_TOKENS_KEPT } });
  await app.register(accessPlugin, { auth, allowedOrigins: config.allowedOrigins, features: config.features });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Openyard API',
        version: VERSION,
        description: 'Container yard management: the REST calls of the call catalogue.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'openyard_session' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  await app.register(authRoutes, {
    auth,
    databaseKind: database.kind,
    version: VERSION,
    loginLimit: signInLimit('login'),
  });
  await app.register(metadataRoutes, { config });
  await app.register(yardRoutes, { layout: services.layout, admin: services.yardAdmin });
  await app.register(inventoryRoutes, { inventory: services.inventory, publicLimits });
  await app.register(containersRoutes, { containers: services.containers, publicLimits });
  await app.register(configurationRoutes, { configuration: services.configuration });
  await app.register(masterDataRoutes, { masterData: services.masterData, yardLocations: services.yardLocations });
  await app.register(usersRoutes, { users: services.users });
  await app.register(rolesRoutes, { roles: services.roles });
  await app.register(displayTokensRoutes, {
    displayTokens: services.displayTokens,
    auth,
    exchangeLimit: signInLimit('display-session'),
  });
  await app.register(exportsRoutes, { exports: services.exports });
  await app.register(reportsRoutes, { reports: services.reports, alarms: services.alarms });
  await app.register(gatesRoutes, { gates: services.gates });
  await app.register(gateOperationsRoutes, { gateOperations: services.gateOperations });
  await app.register(deviceLogsRoutes, { deviceLogs: services.deviceLogs });
  await app.register(machinesRoutes, { machines: services.machines });
  await app.register(trailersRoutes, { trailers: services.trailers });
  await app.register(tasksRoutes, { tasks: services.tasks });
  await app.register(taskDashboardRoutes, { taskDashboard: services.taskDashboard });
  await app.register(kioskRoutes, { kiosk: services.kiosk, publicLimits });
  await app.register(smartGateRoutes, { smartGate: services.smartGate });
  await app.register(machineShiftsRoutes, { shifts: services.machineShifts });
  await app.register(yardLocationsRoutes, { yardLocations: services.yardLocations });
  await app.register(machineAllocationsRoutes, { allocations: services.machineAllocations });
  await app.register(preAdvicesRoutes, { preAdvices: services.preAdvices });
  await app.register(planningRoutes, { planning: services.planning });
  await app.register(archiveRoutes, { archive: services.archive });
  await app.register(dashboardRoutes, { dashboard: services.dashboard });
  await app.register(chaRoutes, { cha: services.cha });
  await app.register(surveysRoutes, { surveys: services.surveys });
  await app.register(batchRoutes, { batch: services.batch });
  await app.register(ocrRoutes, {
    ocr: services.ocr,
    blobs: services.blobs,
    devices: services.deviceAuth,
    ocrQueue,
    maxFrameBytes: config.ocr.maxFrameBytes,
  });
  if (bus)
    await app.register(liveHub, {
      bus,
      auth,
      allowedOrigins: config.allowedOrigins,
      worksGate: (principal, gateId) => services.smartGate.worksGate(principal, gateId),
      countClients: (count) => metrics.setWebsocketClients(count),
    });

  if (serveWeb) {
    await app.register(fastifyStatic, { root: webDir, prefix: '/', wildcard: true, index: 'index.html', maxAge: '1h' });
  } else {
    app.log.warn(`The web app is not built (${webDir}); run "npm run build:web". The API is served.`);
  }

  return { app, services };
}

export type App = Awaited<ReturnType<typeof buildApp>>['app'];
