import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import type { DatabaseHandle } from './adapters/db';
import type { Config } from './config';
import { authRoutes } from './modules/auth/auth.routes';
import { AccessCache } from './modules/auth/access-cache';
import { InventoryVersion } from './modules/inventory/inventory-version';
import { createAuthService } from './modules/auth/auth.service';
import { createExportsService } from './modules/exports/exports.service';
import { exportsRoutes } from './modules/exports/exports.routes';
import { masterDataRoutes } from './modules/master-data/master-data.routes';
import { metadataRoutes } from './modules/metadata/metadata.routes';
import { mapTileSources } from './modules/metadata/map-tile-sources';
import { rolesRoutes } from './modules/roles/roles.routes';
import { createRolesService } from './modules/roles/roles.service';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { createYardLayoutService } from './modules/yard/yard-layout.service';
import { yardRoutes } from './modules/yard/yard.routes';
import { accessPlugin } from './plugins/access';
import type { Bus } from './adapters/bus';
import { liveHub } from './live/hub';
import { createDeviceAuthenticator } from './modules/devices/device-credentials';
import { deviceLogsRoutes } from './modules/device-logs/device-logs.routes';
import { gatesRoutes } from './modules/gates/gates.routes';
import { createGatesService } from './modules/gates/gates.service';
import { machinesRoutes } from './modules/machines/machines.routes';
import { createMachinesService } from './modules/machines/machines.service';
import { errorsPlugin } from './plugins/errors';
import { configurationRoutes } from './modules/configuration/configuration.routes';
import { createConfigurationService } from './modules/configuration/configuration.service';
import { containersRoutes } from './modules/containers/containers.routes';
import { createContainersService } from './modules/containers/containers.service';
import { inventoryRoutes } from './modules/inventory/inventory.routes';
import { createInventoryService } from './modules/inventory/inventory.service';
import { createYardAdminService } from './modules/yard/yard-admin.service';
import { createFileBlobs } from './adapters/blobs';
import type { Queue } from './adapters/queue';
import { ocrRoutes } from './modules/ocr/ocr.routes';
import { createOcrService } from './modules/ocr/ocr.service';
import type { AfterCommit } from './modules/outbox/outbox.repository';
import { subscribeDomainEvents } from './modules/outbox/domain-events';

// How many verified tokens a server keeps (fast-jwt's LRU): more than the users it serves at once.
const VERIFIED_TOKENS_KEPT = 10_000;

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
  // Logger options, or a ready pino instance shared with the rest of the process.
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  // The OCR queue that uploaded camera frames go to (none: no upload route).
  ocrQueue?: Queue;
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
  logger = false,
  ocrQueue,
}: AppDependencies) {
  const tls = config.tlsCertFile && config.tlsKeyFile;
  const app = Fastify({
    ...(logger && typeof logger === 'object' && 'child' in logger ? { loggerInstance: logger } : { logger }),
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    ...(tls ? { https: { cert: readFileSync(config.tlsCertFile!), key: readFileSync(config.tlsKeyFile!) } } : {}),
  })
    .withTypeProvider<TypeBoxTypeProvider>()
    .setValidatorCompiler(TypeBoxValidatorCompiler);

  const { db } = database;
  const exports = createExportsService(config.dataDir);
  const access = new AccessCache(database.notifications);
  const inventoryVersion = new InventoryVersion(database.notifications);
  app.addHook('onClose', async () => {
    access.close();
    inventoryVersion.close();
  });
  // The bus carries the domain events of every process (what every server's hub forwards, projected);
  // the inventory version follows them.
  const unsubscribeVersion =
    bus &&
    subscribeDomainEvents(bus, {
      'container.moved': (event) => inventoryVersion.containerMoved(event.data.version),
      'yard.layoutChanged': () => inventoryVersion.layoutChanged(),
    });
  if (unsubscribeVersion) app.addHook('onClose', async () => unsubscribeVersion());
  // Every service's commit: the inventory version is asked again, then the outbox relay runs.
  const afterCommit: AfterCommit = (written) => {
    inventoryVersion.committed();
    afterCommitted(written);
  };
  const auth = createAuthService(db, {
    idleMinutes: config.yard.sessionExpireInIdleMins,
    loginFailuresPerMinute: config.loginRateLimitPerMinute,
    access,
  });
  const accessChanged = () => access.changed();
  const roles = createRolesService(db, { accessChanged });
  const users = createUsersService(db, { strictPasswordRule: config.yard.strictPasswordRule, exports, accessChanged });
  const layout = createYardLayoutService(db, config.yard);
  const inventory = createInventoryService(db, { slots: config.yard, afterCommit, version: inventoryVersion });
  const containers = createContainersService(db, { inventory, exports });
  const yardAdmin = createYardAdminService(db, { inventory });
  const configuration = createConfigurationService(db, {
    slots: config.yard,
    enterprise: config.features.enterpriseVersion,
    afterCommit,
  });
  const deviceAuth = createDeviceAuthenticator(db);
  const gates = createGatesService(db, { thresholds: config.health, afterCommit, devices: deviceAuth });
  const machines = createMachinesService(db, { thresholds: config.health, devices: deviceAuth });
  const blobs = createFileBlobs(config.dataDir);
  const ocr = createOcrService(db, { afterCommit, visitWindowMs: config.ocr.visitWindowMs });
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
  await app.register(cookie);
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
    loginRateLimitPerMinute: config.loginRateLimitPerMinute,
  });
  await app.register(metadataRoutes, { config });
  await app.register(yardRoutes, { layout, admin: yardAdmin });
  await app.register(inventoryRoutes, { inventory });
  await app.register(containersRoutes, { containers });
  await app.register(configurationRoutes, { configuration });
  await app.register(masterDataRoutes, { db });
  await app.register(usersRoutes, { users });
  await app.register(rolesRoutes, { roles });
  await app.register(exportsRoutes, { exports });
  await app.register(gatesRoutes, { gates });
  await app.register(deviceLogsRoutes, { db });
  await app.register(machinesRoutes, { machines });
  await app.register(ocrRoutes, {
    ocr,
    blobs,
    devices: deviceAuth,
    ocrQueue,
    maxFrameBytes: config.ocr.maxFrameBytes,
  });
  if (bus) await app.register(liveHub, { bus, auth, allowedOrigins: config.allowedOrigins });

  if (serveWeb) {
    await app.register(fastifyStatic, { root: webDir, prefix: '/', wildcard: true, index: 'index.html', maxAge: '1h' });
  } else {
    app.log.warn(`The web app is not built (${webDir}); run "npm run build:web". The API is served.`);
  }

  return {
    app,
    services: {
      access,
      inventoryVersion,
      auth,
      users,
      roles,
      exports,
      layout,
      gates,
      machines,
      deviceAuth,
      inventory,
      containers,
      yardAdmin,
      configuration,
      ocr,
      blobs,
    },
  };
}

export type App = Awaited<ReturnType<typeof buildApp>>['app'];
