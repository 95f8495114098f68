import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

// The only module that reads process.env (a lint rule bans it elsewhere). Every value is validated
// once at start; a bad value stops the process with one line naming the variable.

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined || value === '' ? fallback : value;
}

function optionalText(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = raw.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(name, `must be true or false (1/0, yes/no, on/off), got "${raw}"`);
}

function url(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const raw = optionalText(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = text(env, name, fallback);
  if (!allowed.includes(raw as T)) throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

function coordinates(env: Env, name: string, fallback: string): { latitude: number; longitude: number } {
  const raw = text(env, name, fallback);
  const [latitude, longitude] = raw.split(',').map((part) => Number(part.trim()));
  if (
    latitude === undefined ||
    longitude === undefined ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude) ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  ) {
    throw new ConfigError(name, `must be "latitude,longitude", got "${raw}"`);
  }
  return { latitude, longitude };
}

function timeZone(env: Env, name: string): string {
  const value = text(env, name, 'UTC');
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
  } catch {
    throw new ConfigError(name, `must be an IANA time zone such as Asia/Kolkata, got "${value}"`);
  }
  return value;
}

// Where survey mails go (issue 20): an SMTP server given as one URL (SMTP_URL, smtp:// or
// smtps://, user and password in it) or by its parts (SMTP_HOST, SMTP_PORT, SMTP_SECURE,
// SMTP_USER, SMTP_PASSWORD); without either, the embedded default writes each mail as an .eml file
// to DATA_DIR/outbox for an operator to send or inspect.
export type SmtpConfig =
  | { url: string }
  | { host: string; port: number; secure: boolean; user: string | undefined; password: string | undefined };

function smtp(env: Env): SmtpConfig | undefined {
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const host = optionalText(env, 'SMTP_HOST');
  if (smtpUrl !== undefined && host !== undefined) throw new ConfigError('SMTP_HOST', 'must not be set with SMTP_URL');
  if (smtpUrl !== undefined) return { url: smtpUrl };
  const port = integer(env, 'SMTP_PORT', 587, 1, 65535);
  const user = optionalText(env, 'SMTP_USER');
  const password = optionalText(env, 'SMTP_PASSWORD');
  if (host === undefined) {
    for (const name of ['SMTP_PORT', 'SMTP_SECURE', 'SMTP_USER', 'SMTP_PASSWORD'])
      if (optionalText(env, name) !== undefined) throw new ConfigError(name, 'needs SMTP_HOST');
    return undefined;
  }
  if ((user === undefined) !== (password === undefined))
    throw new ConfigError(user === undefined ? 'SMTP_USER' : 'SMTP_PASSWORD', 'must be set together with its pair');
  // Port 465 speaks TLS from the first byte; the others start plain and upgrade with STARTTLS.
  return { host, port, secure: flag(env, 'SMTP_SECURE', port === 465), user, password };
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const DEFAULT_INGEST_CONNECTIONS = 32;

export function loadConfig(env: Env = process.env) {
  const dataDir = resolve(text(env, 'DATA_DIR', './data'));
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const edition = oneOf(env, 'EDITION', ['enterprise', 'community'], 'enterprise');
  const config = {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: text(env, 'HOST', '0.0.0.0'),
    dataDir,
    databaseUrl,
    // PostgreSQL's bounds on every API and workers connection (openPostgres); 0 turns one off.
    // PGlite has none of them: its statements run on the server's thread and cannot be stopped.
    databaseTimeouts: {
      statementMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 0, 3_600_000),
      lockMs: integer(env, 'DATABASE_LOCK_TIMEOUT_MS', 10_000, 0, 3_600_000),
      idleInTransactionMs: integer(env, 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000, 0, 3_600_000),
    },
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    // How long the outbox relay waits for Redis to take a publish before it rolls back and retries.
    busPublishTimeoutMs: integer(env, 'BUS_PUBLISH_TIMEOUT_MS', 2000, 100, 600_000),
    mqttUrl: url(env, 'MQTT_URL', ['mqtt:', 'mqtts:', 'tcp:', 'ws:', 'wss:']),
    mqttPort: integer(env, 'MQTT_PORT', 1883, 0, 65535),
    mqttPortExplicit: Boolean(env.MQTT_PORT),
    // The embedded broker listens on loopback unless told otherwise: devices on the network need it set.
    mqttHost: text(env, 'MQTT_HOST', '127.0.0.1'),
    mqttMaxConnectionsPerAddress: integer(env, 'MQTT_MAX_CONNECTIONS_PER_ADDRESS', 256, 1, 100_000),
    jwtSecret: optionalText(env, 'JWT_SECRET'),
    demo: flag(env, 'DEMO', false),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    // Trust X-Forwarded-* only from a configured proxy: an address, CIDR list, or hop count.
    trustProxy: optionalText(env, 'TRUST_PROXY'),
    // The bearer token GET /metrics wants; unset, /metrics answers only the loopback.
    metricsToken: optionalText(env, 'METRICS_TOKEN'),
    tlsCertFile: optionalText(env, 'TLS_CERT_FILE'),
    tlsKeyFile: optionalText(env, 'TLS_KEY_FILE'),
    // Extra origins allowed to send state-changing requests besides the server's own.
    allowedOrigins: text(env, 'ALLOWED_ORIGINS', '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    loginRateLimitPerMinute: integer(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 10, 1, 10000),
    apiRateLimitPerMinute: integer(env, 'API_RATE_LIMIT_PER_MINUTE', 1200, 1, 1000000),
    // The public calls (kiosk, mobile search, status links; issue 21): per client address, and all
    // clients together, so that a flood from many addresses cannot take the server from the staff.
    publicRateLimitPerMinute: integer(env, 'PUBLIC_RATE_LIMIT_PER_MINUTE', 120, 1, 1000000),
    publicGlobalRateLimitPerMinute: integer(env, 'PUBLIC_GLOBAL_RATE_LIMIT_PER_MINUTE', 3000, 1, 10000000),
    exportRetentionMinutes: integer(env, 'EXPORT_RETENTION_MINUTES', 60, 1, 10080),
    // The yard a gate-in's slot advice is made on is read again after this long (planning.service.ts
    // adviceYard); 0: at every gate-in.
    planningAdviceYardMs: integer(env, 'PLANNING_ADVICE_YARD_MS', 1000, 0, 60_000),
    webDir: optionalText(env, 'WEB_DIR'),
    // all: API, websocket, workers and (without MQTT_URL) the embedded broker in one process.
    role: oneOf(env, 'ROLE', ['all', 'server', 'workers'], 'all'),
    queueConcurrency: integer(env, 'QUEUE_CONCURRENCY', 200, 1, 5000),
    // With Redis: the jobs a workers process was running when it died stay locked to it this long,
    // then the next stall check (as often) hands them to another process.
    queueStalledMs: integer(env, 'QUEUE_STALLED_MS', 30_000, 1000, 600_000),
    // Names the BullMQ queue and the Redis bus channel, so several yards can share one Redis.
    redisPrefix: text(env, 'REDIS_PREFIX', 'openyard'),
    mqttServiceUsername: optionalText(env, 'MQTT_SERVICE_USERNAME'),
    mqttServicePassword: optionalText(env, 'MQTT_SERVICE_PASSWORD'),
    ingestClientId: text(env, 'INGEST_CLIENT_ID', `openyard-ingest-${hostname()}`),
    // Workers processes of one yard share this group, so the broker splits messages between them.
    ingestShareGroup: text(env, 'INGEST_SHARE_GROUP', 'openyard-ingest'),
    // MQTT connections per workers process in that group (external broker only): a connection
    // carries one message at a time until it is queued, so several keep the stream flowing.
    ingestConnections: integer(env, 'INGEST_CONNECTIONS', DEFAULT_INGEST_CONNECTIONS, 1, 64),
    deviceLogRetentionDays: integer(env, 'DEVICE_LOG_RETENTION_DAYS', 30, 1, 3650),
    simulator: flag(env, 'SIMULATOR', false),
    ocr: {
      // OCR jobs run at once in a workers process, each on its own worker thread with its own engine.
      concurrency: integer(env, 'OCR_CONCURRENCY', 1, 1, 64),
      // Inference threads of each engine; 0 lets the engine choose.
      engineThreads: integer(env, 'OCR_ENGINE_THREADS', 0, 0, 64),
      // Frames of one gate this close together belong to one truck visit (one OCR queue record).
      visitWindowMs: integer(env, 'OCR_VISIT_WINDOW_MS', 5000, 200, 600_000),
      // The largest JPEG a camera may send (MQTT or HTTP upload).
      maxFrameBytes: integer(env, 'OCR_MAX_FRAME_BYTES', 8 * 1024 * 1024, 1024, 64 * 1024 * 1024),
      // Frame images older than this are deleted (the records and their reads stay).
      frameRetentionDays: integer(env, 'OCR_FRAME_RETENTION_DAYS', 30, 1, 3650),
    },
    health: {
      readerIdleAfterMs: integer(env, 'READER_IDLE_AFTER_MS', 60_000, 1000, 86_400_000),
      readerNokAfterMs: integer(env, 'READER_NOK_AFTER_MS', 3_600_000, 1000, 604_800_000),
      machineStaleAfterMs: integer(env, 'MACHINE_STALE_AFTER_MS', 300_000, 1000, 86_400_000),
      ageingIntervalMs: integer(env, 'HEALTH_AGEING_INTERVAL_MS', 5000, 200, 600_000),
    },
    gate: {
      // An RFID container tag's life from its first gate-in (spec 1 §4 Tag validity); whether an
      // expired tag may still be used is the feature switch allowExpiredContainerTag.
      tagLifetimeDays: integer(env, 'TAG_LIFETIME_DAYS', 1825, 1, 36_500),
    },
    mail: {
      smtp: smtp(env),
      from: text(env, 'MAIL_FROM', 'Openyard <openyard@localhost>'),
      // How long a connection, the server's greeting and each reply may take before the send fails.
      timeoutMs: integer(env, 'SMTP_TIMEOUT_MS', 15_000, 1000, 300_000),
    },
    // The yard's ERP (issue 20, docs/erp.md): none without ERP_URL (the gate finds no container
    // there, and a sync says no ERP is configured). The demo (SIMULATOR=1) runs the reference ERP
    // when ERP_URL is not set.
    erp: {
      url: url(env, 'ERP_URL', ['http:', 'https:']),
      token: optionalText(env, 'ERP_TOKEN'),
      // A gate's lookup, retries included: past it the dispatch goes ahead and says why.
      lookupTimeoutMs: integer(env, 'ERP_TIMEOUT_MS', 2_000, 100, 60_000),
      syncTimeoutMs: integer(env, 'ERP_SYNC_TIMEOUT_MS', 30_000, 1_000, 600_000),
      retries: integer(env, 'ERP_RETRIES', 2, 0, 10),
      breakerFailures: integer(env, 'ERP_BREAKER_FAILURES', 5, 1, 1_000),
      breakerResetMs: integer(env, 'ERP_BREAKER_RESET_MS', 30_000, 1_000, 3_600_000),
    },
    // Batch files (issue 20) of more rows than this run as a queued job with their progress shown.
    batch: { inlineMaxRows: integer(env, 'BATCH_INLINE_MAX_ROWS', 500, 1, 100_000) },
    dashboard: {
      // A trailer inside the yard longer than this has violated its turn-around time (spec 1 §3
      // Trailers in yard, tatViolated): two hours unless the yard says otherwise.
      trailerTatLimitMinutes: integer(env, 'TRAILER_TAT_LIMIT_MINUTES', 120, 1, 10_080),
    },
    features: {
      enterpriseVersion: edition === 'enterprise',
      smartGateEnabled: flag(env, 'FEATURE_SMART_GATE', true),
      smartTransportEnabled: flag(env, 'FEATURE_SMART_TRANSPORT', false),
      chaVehicleEnabled: flag(env, 'FEATURE_CHA_VEHICLES', true),
      planningEngine: flag(env, 'FEATURE_PLANNING_ENGINE', true),
      planningEngineEnabled: flag(env, 'FEATURE_PLANNING', true),
      dispatchTabEnabled: flag(env, 'FEATURE_DISPATCH_TAB', true),
      areaOnlyPlanning: flag(env, 'FEATURE_AREA_ONLY_PLANNING', false),
      allowExpiredContainerTag: flag(env, 'FEATURE_ALLOW_EXPIRED_CONTAINER_TAG', false),
      enableFetchProcessAtGateOut: flag(env, 'FEATURE_FETCH_PROCESS_AT_GATE_OUT', false),
      enableInventorySyncToErp: flag(env, 'FEATURE_INVENTORY_SYNC_TO_ERP', false),
    },
    yard: {
      sessionExpireInIdleMins: integer(env, 'SESSION_EXPIRE_IN_IDLE_MINS', 30, 1, 1440),
      paginationItemsPerPage: integer(env, 'PAGINATION_ITEMS_PER_PAGE', 15, 5, 500),
      dataRefreshRate: integer(env, 'DATA_REFRESH_RATE', 60, 5, 3600),
      mapApiKey: text(env, 'MAP_API_KEY', ''),
      mapTileUrl: url(env, 'MAP_TILE_URL', ['http:', 'https:']) ?? '',
      yardCenter: coordinates(env, 'YARD_CENTER', '18.9490,72.9510'),
      slotFormat: text(env, 'SLOT_FORMAT', 'area_row_column_height'),
      startHeight: integer(env, 'START_HEIGHT', 1, 0, 1),
      portStyleColumnNumbers: flag(env, 'PORT_STYLE_COLUMN_NUMBERS', false),
      timeZone: timeZone(env, 'TIME_ZONE'),
      strictPasswordRule: flag(env, 'STRICT_PASSWORD_RULE', false),
      surveyPreConfiguredEmailRecipients: text(env, 'SURVEY_EMAIL_RECIPIENTS', ''),
      surveyPreConfiguredEmailBody: text(env, 'SURVEY_EMAIL_BODY', ''),
      // The kiosk start page's header texts and banner, and its add-task link (spec 2 §2).
      kiosk: {
        headerTitle: text(env, 'KIOSK_HEADER_TITLE', 'Welcome to the container yard'),
        headerSubtitle: text(env, 'KIOSK_HEADER_SUBTITLE', 'Find your container, check its status, ask for a move'),
        banner: text(env, 'KIOSK_BANNER', ''),
        addTaskEnabled: flag(env, 'KIOSK_ADD_TASK', true),
      },
      mobileAppLinks: {
        android: url(env, 'MOBILE_APP_ANDROID_URL', ['https:']) ?? '',
        ios: url(env, 'MOBILE_APP_IOS_URL', ['https:']) ?? '',
      },
      // Where drivers' phones reach the depot (the status links' QR codes); empty: the page's own.
      publicBaseUrl: url(env, 'PUBLIC_BASE_URL', ['http:', 'https:']) ?? '',
    },
  };
  if (!config.yard.slotFormat.includes('area') || !config.yard.slotFormat.includes('height')) {
    throw new ConfigError('SLOT_FORMAT', `must name area, row, column and height, got "${config.yard.slotFormat}"`);
  }
  if (config.role !== 'all' && (!config.databaseUrl || !config.redisUrl || !config.mqttUrl)) {
    throw new ConfigError(
      'ROLE',
      `${config.role} needs DATABASE_URL, REDIS_URL and MQTT_URL (separate processes share them)`,
    );
  }
  if (config.health.readerNokAfterMs <= config.health.readerIdleAfterMs) {
    throw new ConfigError('READER_NOK_AFTER_MS', 'must be longer than READER_IDLE_AFTER_MS');
  }
  if ((config.tlsCertFile === undefined) !== (config.tlsKeyFile === undefined)) {
    throw new ConfigError(config.tlsCertFile ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE', 'must be set together with its pair');
  }
  if (config.metricsToken !== undefined && config.metricsToken.length < 16) {
    throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters');
  }
  if (config.jwtSecret !== undefined && config.jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET', 'must be at least 32 characters');
  }
  if (config.jwtSecret === undefined && config.databaseUrl !== undefined && config.redisUrl !== undefined) {
    // Several scaled processes must share one secret; a per-machine file would split sessions.
    throw new ConfigError('JWT_SECRET', 'must be set when DATABASE_URL and REDIS_URL are set (scaled mode)');
  }
  return config;
}

export type Config = ReturnType<typeof loadConfig>;

// The ingest's broker password for the embedded broker, generated once and kept in DATA_DIR.
export function resolveMqttServicePassword(config: Config): string {
  if (config.mqttServicePassword) return config.mqttServicePassword;
  const file = join(config.dataDir, 'mqtt-service-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(24).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

// Embedded mode keeps a generated secret in DATA_DIR so sessions survive a restart.
export function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
