import type { Metrics } from './lib/metrics';
import type { DatabaseHandle } from './adapters/db';
import type { JobRequest } from './adapters/queue';
import { createFileBlobs } from './adapters/blobs';
import { createMailer } from './adapters/mail';
import type { Config } from './config';
import { createAlarmsService } from './modules/alarms';
import { createBatchService } from './modules/batch';
import { AccessCache, createAuthService } from './modules/auth';
import { createChaService } from './modules/cha';
import { createConfigurationService } from './modules/configuration';
import { createDashboardService } from './modules/dashboard';
import { createDeviceLogsService } from './modules/device-logs';
import { createDisplayTokensService } from './modules/display-tokens';
import { createDeviceAuthenticator } from './modules/device-logins';
import { createDeviceMessagesService, createHealthAgeingService } from './modules/devices';
import { createExportsService } from './modules/exports';
import { createHttpErp, noErp, type Erp } from './adapters/erp';
import { createGateOperationsService } from './modules/gate-operations';
import { createGatesService } from './modules/gates';
import {
  createContainersService,
  createInventoryService,
  createYardAdminService,
  InventoryVersion,
} from './modules/inventory';
import { createKioskService } from './modules/kiosk';
import { createMachinesService } from './modules/machines';
import { createMachineAllocationsService } from './modules/machine-allocations';
import { createMachineShiftsService } from './modules/machine-shifts';
import { createMasterDataService } from './modules/master-data';
import { createOcrService } from './modules/ocr';
import { createOutboxMaintenance, type AfterCommit, type TellNow } from './modules/outbox';
import { createPlanningService } from './modules/planning';
import { createArchiveService } from './modules/archive';
import { createPreAdvicesService } from './modules/pre-advices';
import { createReportsService } from './modules/reports';
import { createRolesService } from './modules/roles';
import { createTaskDashboardService } from './modules/task-dashboard';
import { createTasksService } from './modules/tasks';
import { createSmartGateService } from './modules/smart-gate';
import { createSurveysService } from './modules/surveys';
import { createTrailersService } from './modules/trailers';
import { createUsersService } from './modules/users';
import { createYardLayoutService } from './modules/yard';
import { createYardLocationsService } from './modules/yard-locations';

export interface ServicesDependencies {
  config: Config;
  database: DatabaseHandle;
  // Called after a transaction that wrote outbox events, so the relay sends them at once.
  afterCommit?: AfterCommit;
  // Tells events on the bus without the outbox (the relay's `tell`): the progress of work whose
  // open transaction holds PGlite's one connection. None: such progress is not told.
  tellNow?: TellNow;
  // What this server keeps in memory (sessions, the inventory version) listens to the database's
  // notifications; a process that serves no HTTP (ROLE=workers) keeps nothing and listens to nothing.
  listen?: boolean;
  // The yard's ERP (adapters/erp.ts): given (tests, the demo's reference ERP), else the HTTP adapter
  // when ERP_URL is set, else none (no container is found there).
  erp?: Erp;
  // The worker queue that services hand work to (the planning engine's runs); none: such work
  // cannot be asked for (a process without a queue, some tests).
  jobs?: { addBulk(jobs: readonly JobRequest[]): Promise<void> };
  // The process's metrics, for what services count where the work happens (the gate's slot advice).
  metrics?: Metrics;
}

// Every domain service, built once per process: the API (buildApp) and the workers (jobs, ingest)
// are handed the same instances. `close()` stops what the services listen to (not the database).
export function createServices({
  config,
  database,
  afterCommit = () => undefined,
  tellNow,
  listen = true,
  erp = config.erp.url ? createHttpErp({ ...config.erp, url: config.erp.url }) : noErp,
  jobs,
  metrics,
}: ServicesDependencies) {
  const { db } = database;
  const notifications = listen ? database.notifications : null;
  const access = new AccessCache(notifications);
  const inventoryVersion = new InventoryVersion(notifications);
  // Every service's commit: the inventory version is asked again, then the outbox relay runs.
  const committed: AfterCommit = (written) => {
    inventoryVersion.committed();
    afterCommit(written);
  };
  const exports = createExportsService(config.dataDir);
  const blobs = createFileBlobs(config.dataDir);
  const accessChanged = () => access.changed();
  const roles = createRolesService(db, { accessChanged });
  const users = createUsersService(db, { strictPasswordRule: config.yard.strictPasswordRule, exports, accessChanged });
  // Auth is below users and roles in the module graph: it gets what it needs of them here.
  const auth = createAuthService(db, {
    idleMinutes: config.yard.sessionExpireInIdleMins,
    loginFailuresPerMinute: config.loginRateLimitPerMinute,
    access,
    users,
    roles,
  });
  const displayTokens = createDisplayTokensService(db, { auth, accessChanged });
  const layout = createYardLayoutService(db, config.yard);
  const inventory = createInventoryService(db, {
    slots: config.yard,
    afterCommit: committed,
    version: inventoryVersion,
    ...(metrics ? { lockTimed: (phase, seconds) => metrics.inventoryLock.observe({ phase }, seconds) } : {}),
  });
  const containers = createContainersService(db, { inventory, exports });
  const yardAdmin = createYardAdminService(db, { inventory });
  const configuration = createConfigurationService(db, {
    slots: config.yard,
    enterprise: config.features.enterpriseVersion,
    afterCommit: committed,
  });
  const masterData = createMasterDataService(db, { afterCommit: committed });
  // The yard's location polygons: machines and tasks place points in them from a copy in memory
  // that database notifications invalidate (a process that listens to none keeps it a few seconds).
  const yardLocations = createYardLocationsService(db, { afterCommit, notifications });
  const deviceAuth = createDeviceAuthenticator(db);
  const deviceLogs = createDeviceLogsService(db);
  const gates = createGatesService(db, { thresholds: config.health, afterCommit: committed, devices: deviceAuth });
  const machines = createMachinesService(db, {
    thresholds: config.health,
    devices: deviceAuth,
    afterCommit,
    layout,
    yardLocations,
    timeZone: config.yard.timeZone,
  });
  const taskDashboard = createTaskDashboardService(db, { exports, timeZone: config.yard.timeZone });
  const tasks = createTasksService(db, {
    afterCommit: committed,
    inventory,
    exports,
    machines,
    taskDashboard,
    yardLocations,
    timeZone: config.yard.timeZone,
  });
  // The public kiosks (issue 21): their tasks are the yard's tasks, their answers the inventory's.
  const kiosk = createKioskService(db, { containers, inventory, masterData, tasks, yardLocations });
  const preAdvices = createPreAdvicesService(db, {
    masterData,
    afterCommit: committed,
    timeZone: config.yard.timeZone,
  });
  // Planning reserves slots through the inventory's change; its engine runs as a worker job.
  const planning = createPlanningService(db, {
    inventory,
    afterCommit: committed,
    jobs,
    adviceYardMs: config.planningAdviceYardMs,
  });
  // Archive runs (spec 3 §4) move history to the archive schema as a worker job.
  const archive = createArchiveService(db, { afterCommit: committed, timeZone: config.yard.timeZone, jobs });
  // CHA vehicles: the trailer gate-in counts against the agents' allocations in its transaction.
  const cha = createChaService(db, { masterData, afterCommit: committed });
  // Gate transactions write straight to the database (never through the queue or the broker).
  const gateOperations = createGateOperationsService(db, {
    inventory,
    tasks,
    preAdvices,
    planning,
    cha,
    erp,
    afterCommit: committed,
    tagLifetimeDays: config.gate.tagLifetimeDays,
    allowExpiredContainerTag: config.features.allowExpiredContainerTag,
    planningEnabled: config.features.planningEngineEnabled,
    ...(metrics ? { countSlotAdvice: (outcome) => metrics.gateSlotAdvice.inc({ outcome }) } : {}),
  });
  // Batch files run their rows through the gate's services; the ERP sync sends the inventory.
  const batch = createBatchService(db, {
    gateOperations,
    inventory,
    preAdvices,
    exports,
    blobs,
    erp,
    afterCommit: committed,
    timeZone: config.yard.timeZone,
    inventorySyncEnabled: config.features.enableInventorySyncToErp,
    inlineMaxRows: config.batch.inlineMaxRows,
    separateConnections: database.kind === 'postgres',
    tellNow,
    jobs,
  });
  const ocr = createOcrService(db, { afterCommit: committed, visitWindowMs: config.ocr.visitWindowMs });
  const trailers = createTrailersService(db, { afterCommit, exports });
  // The smart gate works through the gate's and the OCR queue's services (one copy of each rule).
  const smartGate = createSmartGateService(db, {
    gateOperations,
    ocr,
    preAdvices,
    exports,
    afterCommit: committed,
    users,
    timeZone: config.yard.timeZone,
  });
  // What the workers' jobs run: device messages, health ageing (their commits leave the inventory
  // version alone: they move no container), and the outbox's own housekeeping.
  // Machine drops move containers (through tasks and inventory): their commits ask the version again.
  const deviceMessages = createDeviceMessagesService(db, {
    thresholds: config.health,
    afterCommit: committed,
    tasks,
    yardLocations,
  });
  const healthAgeing = createHealthAgeingService(db, { thresholds: config.health, afterCommit });
  const outbox = createOutboxMaintenance(db);
  const machineShifts = createMachineShiftsService(db, { afterCommit });
  const machineAllocations = createMachineAllocationsService(db, { afterCommit, timeZone: config.yard.timeZone });
  // The reports (issue 18) read every module's tables; the alarms are written by their recorder.
  const alarms = createAlarmsService(db, { afterCommit });
  // A machine's moves and tasks per yard day are the task dashboard's rollup, which report 3.1 and
  // the dashboard's machine widget read (one count, one rule).
  // Survey mails go to the configured SMTP server, else to DATA_DIR/outbox as .eml files.
  const mailer = createMailer(config.mail, config.dataDir);
  const surveys = createSurveysService(db, { mailer, timeZone: config.yard.timeZone });
  const dashboard = createDashboardService(db, {
    taskDashboard,
    timeZone: config.yard.timeZone,
    trailerTatLimitMinutes: config.dashboard.trailerTatLimitMinutes,
  });
  const reports = createReportsService(db, {
    exports,
    taskDashboard,
    // The day counts the report totals sum are cut in the yard's zone with the dashboard's.
    dayCountsReady: dashboard.ready,
    inventoryVersion: inventory.currentVersion,
    timeZone: config.yard.timeZone,
    tagLifetimeDays: config.gate.tagLifetimeDays,
  });

  return {
    access,
    inventoryVersion,
    auth,
    users,
    roles,
    displayTokens,
    exports,
    blobs,
    layout,
    inventory,
    containers,
    yardAdmin,
    configuration,
    masterData,
    deviceAuth,
    deviceLogs,
    gates,
    tasks,
    taskDashboard,
    cha,
    kiosk,
    gateOperations,
    machines,
    ocr,
    trailers,
    smartGate,
    preAdvices,
    planning,
    archive,
    deviceMessages,
    healthAgeing,
    outbox,
    machineShifts,
    machineAllocations,
    yardLocations,
    alarms,
    reports,
    dashboard,
    surveys,
    batch,
    erp,
    close() {
      void exports.close();
      access.close();
      inventoryVersion.close();
      yardLocations.close();
      mailer.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
