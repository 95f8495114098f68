// `npm run test:faults`: the fault campaign of issue 23. The scaled topology as processes on a
// PostgreSQL, a Redis (append-only log, fsync always) and a Mosquitto of its own (never the shared
// ones: they are crashed here): 2 ROLE=server and 2 ROLE=workers processes on the demo yard, under
// a steady yard load (yard-driver.ts), while random `kill -9` hit a server, a workers process,
// Redis or the broker (each started again) and PostgreSQL is crashed and restarted once. Then it
// waits for every component and the pipeline to recover and counts (verify.ts): every acknowledged
// gate transaction, move, task completion and device message in PostgreSQL exactly once, no outbox
// row committed but unpublished, every component back within 60 s, the gate answering while Redis
// and the broker were down. Bounded: it stops by itself (FAULT_DURATION_S of load, then at most
// FAULT_DRAIN_S of recovery). Prints a summary and, last, one JSON line; exits 1 when a target
// is missed.
//
// Knobs: FAULT_KILLS (100), FAULT_DURATION_S (600), FAULT_PG_RESTARTS (1), FAULT_GATE_PER_S (2),
// FAULT_GATE_LANES (2), FAULT_TAGS_PER_S (20), FAULT_TELEMETRY_PER_S (10), FAULT_DRAIN_S (240),
// FAULT_BOOT_TIMEOUT_S (240: a process start on a loaded machine), FAULT_SEED (random).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import {
  buildCompiledEntry,
  startCluster,
  startPrivateMosquitto,
  startPrivatePostgres,
  startPrivateRedis,
  type OpenyardProcess,
  type PrivateService,
} from '../../runtime/src/test/processes';
import { loginAt } from '../../runtime/src/test/test-stack';
import { percentiles, sleep } from '../node/stats';
import { completedTaskFigures, storedDeviceMessages, unpublishedOutboxRows, verifyLedger } from './verify';
import { startYardDriver } from './yard-driver';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
};
const KILLS = number('FAULT_KILLS', 100);
const DURATION_MS = number('FAULT_DURATION_S', 600) * 1000;
const PG_RESTARTS = number('FAULT_PG_RESTARTS', 1);
const DRAIN_MS = number('FAULT_DRAIN_S', 240) * 1000;
const BOOT_TIMEOUT_MS = number('FAULT_BOOT_TIMEOUT_S', 240) * 1000;
const RECOVERY_TARGET_MS = 60_000;
let seed = number('FAULT_SEED', Math.floor(Math.random() * 2 ** 31));
const SEED = seed;
// A seeded generator, so that a run's sequence of kills can be replayed.
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
// The broker saves its state as the deployment's does (deploy/mosquitto.conf's autosave_interval),
// unless FAULT_BROKER_AUTOSAVE_S says otherwise.
const DEPLOYED_AUTOSAVE_S = Number(
  /^autosave_interval\s+(\d+)/m.exec(
    readFileSync(new URL('../../deploy/mosquitto.conf', import.meta.url), 'utf8'),
  )?.[1] ?? 1800,
);
const BROKER_AUTOSAVE_S = number('FAULT_BROKER_AUTOSAVE_S', DEPLOYED_AUTOSAVE_S);
// A killed workers process's jobs are taken over after this (BullMQ's lock), not the default 30 s.
const WORKERS_ENV = { QUEUE_STALLED_MS: '4000' };

// As a supervisor (compose's restart policy) does: a process that exits while starting (its
// database restarting under it) is started again, until BOOT_TIMEOUT_MS has passed.
async function supervised<T>(name: string, start: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + BOOT_TIMEOUT_MS;
  for (;;) {
    try {
      return await start();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      log(`${name} exited while starting, started again: ${String(error).split('\n')[1]?.slice(0, 200) ?? ''}`);
      await sleep(1000);
    }
  }
}

type Kind = 'server' | 'workers' | 'redis' | 'broker' | 'postgres';
interface Component {
  name: string;
  kind: Kind;
  up: boolean;
  // Kills it (kill -9, or PostgreSQL's immediate stop) and starts it again; resolves when it is back.
  crash(): Promise<void>;
}
interface Recovery {
  component: string;
  kind: Kind;
  killedAt: number;
  backMs: number | null;
  error?: string;
}

const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);

async function main() {
  const startedAt = Date.now();
  const loadAtStart = loadAverage();
  const dir = mkdtempSync(join(tmpdir(), 'openyard-faults-'));
  log(`seed ${SEED}, ${KILLS} kills over ${DURATION_MS / 1000} s, load average ${loadAtStart.join(' ')}`);
  const pg = await startPrivatePostgres(join(dir, 'postgres'));
  const services: { redis: PrivateService; broker: PrivateService } = {
    redis: await startPrivateRedis(join(dir, 'redis')),
    broker: await startPrivateMosquitto(join(dir, 'mosquitto'), undefined, undefined, BROKER_AUTOSAVE_S),
  };
  // The processes run compiled, as the image does: through tsx a killed one took 80-117 s to come
  // back at a machine load of 25, most of it loading modules through tsx's hooks.
  buildCompiledEntry();
  const cluster = await startCluster({
    compiled: true,
    postgresUrl: pg.url,
    redisUrl: services.redis.url,
    mqttUrl: services.broker.url,
  });
  const sql = postgres(cluster.databaseUrl, { max: 2, onnotice: () => undefined, connect_timeout: 5 });
  const cleanup = async () => {
    await sql.end({ timeout: 5 }).catch(() => undefined);
    await cluster.stop().catch((error: unknown) => console.error(error));
    await Promise.all([services.redis.kill('SIGKILL'), services.broker.kill('SIGKILL')]);
    await pg.stop().catch((error: unknown) => console.error(error));
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // The first server migrates and seeds the demo yard; the others start beside it.
    log('starting 2 servers and 2 workers processes');
    const servers: (OpenyardProcess | null)[] = [await cluster.server({ demo: true, timeoutMs: BOOT_TIMEOUT_MS })];
    const workers: (OpenyardProcess | null)[] = [];
    const ingestId = (slot: number) => ({ INGEST_CLIENT_ID: `${cluster.prefix}-ingest-${slot}` });
    const startWorkers = (slot: number) =>
      cluster.workers({ env: { ...WORKERS_ENV, ...ingestId(slot) }, timeoutMs: BOOT_TIMEOUT_MS });
    const [second, firstWorkers, secondWorkers] = await Promise.all([
      cluster.server({ timeoutMs: BOOT_TIMEOUT_MS }),
      startWorkers(0),
      startWorkers(1),
    ]);
    servers.push(second);
    workers.push(firstWorkers, secondWorkers);
    log(`topology up in ${Math.round((Date.now() - startedAt) / 1000)} s`);

    const components: Component[] = [];
    const recoveries: Recovery[] = [];
    const nodeComponent = (kind: 'server' | 'workers', slot: number): Component => {
      const list = kind === 'server' ? servers : workers;
      const component: Component = {
        name: `${kind}-${slot + 1}`,
        kind,
        up: true,
        async crash() {
          component.up = false;
          await list[slot]!.kill('SIGKILL');
          list[slot] = null;
          list[slot] = await supervised(component.name, () =>
            kind === 'server' ? cluster.server({ timeoutMs: BOOT_TIMEOUT_MS }) : startWorkers(slot),
          );
          component.up = true;
        },
      };
      return component;
    };
    const serviceComponent = (kind: 'redis' | 'broker'): Component => {
      const component: Component = {
        name: kind,
        kind,
        up: true,
        async crash() {
          component.up = false;
          await services[kind].kill('SIGKILL');
          // Down long enough for the gate to be asked meanwhile.
          await sleep(1000 + random() * 4000);
          services[kind] = await services[kind].restart();
          component.up = true;
        },
      };
      return component;
    };
    components.push(
      nodeComponent('server', 0),
      nodeComponent('server', 1),
      nodeComponent('workers', 0),
      nodeComponent('workers', 1),
      serviceComponent('redis'),
      serviceComponent('broker'),
    );
    const postgresComponent: Component = {
      name: 'postgres',
      kind: 'postgres',
      up: true,
      async crash() {
        postgresComponent.up = false;
        await pg.restart(3000);
        postgresComponent.up = true;
      },
    };
    const redisComponent = components.find((component) => component.kind === 'redis')!;
    const brokerComponent = components.find((component) => component.kind === 'broker')!;

    // The demo yard: gates, a reader of the in gate, machines, free ground slots.
    const [inGate] = await sql<{ id: number }[]>`select id from gates where type = 'IN' order by id limit 1`;
    const [outGate] = await sql<{ id: number }[]>`select id from gates where type = 'OUT' order by id limit 1`;
    const reader = cluster.devices().readers.find((entry) => !entry.silent && entry.gateId === inGate!.id)!;
    const machineRows = await sql<{ id: number; name: string }[]>`
      select id, machine_name as name from machines order by id`;
    const [corner] = await sql<{ latitude: number; longitude: number }[]>`
      select lat1 as latitude, long1 as longitude from yard_areas where lat1 is not null order by id limit 1`;
    // The demo yard's stacks are mostly full: a free slot is the tier above the top of a stack of
    // one or two (or the ground of an empty stack), none planned. The driver's moves alone use them.
    const slotRows = await sql<{ name: string }[]>`
      select a.name || '_' || r.index || '_' || c.index || '_' || (coalesce(top.tier, 0) + 1) as name
      from yard_areas a join yard_rows r on r.area_id = a.id join yard_columns c on c.area_id = a.id
      left join lateral (select max(p.tier) as tier from container_positions p
        where p.area_id = a.id and p.row_index = r.index and p.column_index = c.index) top on true
      where coalesce(top.tier, 0) < 3
      order by random() limit 400`;
    const session = await loginAt(servers[0]!.baseUrl!);
    const baseline = await completedTaskFigures(sql);

    const run = `fc${randomBytes(3).toString('hex')}`;
    const driver = startYardDriver(
      {
        servers: () =>
          components
            .filter((component) => component.kind === 'server' && component.up)
            .map((component) => servers[Number(component.name.slice(-1)) - 1]?.baseUrl)
            .filter((url): url is string => Boolean(url)),
        token: session.token,
        mqttUrl: services.broker.url,
        down: () => ({ redis: !redisComponent.up, broker: !brokerComponent.up }),
      },
      {
        run,
        gateLanes: number('FAULT_GATE_LANES', 2),
        gatePerSecond: number('FAULT_GATE_PER_S', 2),
        tagReadsPerSecond: number('FAULT_TAGS_PER_S', 20),
        telemetryPerSecond: number('FAULT_TELEMETRY_PER_S', 10),
        inGateId: inGate!.id,
        outGateId: outGate!.id,
        readerId: reader.id,
        machineIds: machineRows.map((row) => row.id),
        machineNames: machineRows.map((row) => row.name),
        position: corner!,
        freeSlots: slotRows.map((row) => row.name),
      },
    );

    // The kills: evenly spread over the load's middle 80 %, each on a random component that is up
    // (never the last server up: the gate must have one to answer). The PostgreSQL restarts fall
    // between them.
    const loadStarted = Date.now();
    const firstKillAt = loadStarted + DURATION_MS * 0.1;
    const spread = DURATION_MS * 0.8;
    const interval = KILLS ? spread / KILLS : Infinity;
    const pgRestartsAt = Array.from(
      { length: PG_RESTARTS },
      (_, index) => firstKillAt + (spread * (index + 1)) / (PG_RESTARTS + 1),
    );
    const crashing: Promise<void>[] = [];
    const crash = (component: Component) => {
      const killedAt = Date.now();
      const recovery: Recovery = { component: component.name, kind: component.kind, killedAt, backMs: null };
      recoveries.push(recovery);
      crashing.push(
        component
          .crash()
          .then(() => {
            recovery.backMs = Date.now() - killedAt;
            log(`${component.name} back in ${recovery.backMs} ms`);
          })
          .catch((error: unknown) => {
            recovery.error = String(error).slice(0, 2000);
            log(`${component.name} did not come back: ${recovery.error}`);
          }),
      );
    };
    let kills = 0;
    let skipped = 0;
    const killsEnd = firstKillAt + spread;
    while (Date.now() < loadStarted + DURATION_MS) {
      const due = kills < KILLS ? firstKillAt + kills * interval : Infinity;
      const pgDue = pgRestartsAt[0] ?? Infinity;
      const wait = Math.min(due, pgDue, loadStarted + DURATION_MS) - Date.now();
      if (wait > 0) await sleep(Math.min(wait, 1000));
      if (Date.now() >= pgDue) {
        pgRestartsAt.shift();
        log('PostgreSQL: immediate stop and start');
        crash(postgresComponent);
        continue;
      }
      if (Date.now() < due) continue;
      const upServers = components.filter((component) => component.kind === 'server' && component.up).length;
      const candidates = components.filter(
        (component) => component.up && !(component.kind === 'server' && upServers < 2),
      );
      if (!candidates.length || !postgresComponent.up) {
        // All down or restarting: this kill waits for one to come back (past the spread: not done).
        skipped += 1;
        await sleep(500);
        if (Date.now() > killsEnd + DURATION_MS * 0.05) kills = KILLS;
        continue;
      }
      const victim = candidates[Math.floor(random() * candidates.length)]!;
      kills += 1;
      log(`kill -9 #${kills} ${victim.name}`);
      crash(victim);
    }
    log(`load ends: ${kills} kills; waiting for the components`);
    await Promise.all(crashing);
    const allUp = components.every((component) => component.up) && postgresComponent.up;

    // Recovery: the devices send what is not stored yet again until the pipeline has stored every
    // message, the relays publish the outbox.
    const drainStarted = Date.now();
    const stopped = await driver.stop(DRAIN_MS);
    const accepted = driver.ledger.tagReads.accepted.size + driver.ledger.telemetry.accepted.size;
    let stored = 0;
    while (Date.now() - drainStarted < DRAIN_MS) {
      stored = await storedDeviceMessages(sql, driver.ledger).catch(() => stored);
      if (stored >= accepted) break;
      await sleep(1000);
    }
    const drainMs = Date.now() - drainStarted;
    let unpublished = -1;
    const outboxStarted = Date.now();
    while (Date.now() - outboxStarted < 60_000) {
      unpublished = await unpublishedOutboxRows(sql);
      if (unpublished === 0) break;
      await sleep(1000);
    }
    const counted = await verifyLedger(sql, driver.ledger, baseline);
    // Where lost device messages went: acknowledged before one of the broker's crashes, or not.
    const brokerKills = recoveries.filter((entry) => entry.kind === 'broker').map((entry) => entry.killedAt);
    const lostDevice = { beforeABrokerCrash: 0, noBrokerCrashAfter: 0 };
    for (const [flow, acceptedAt] of [
      [counted.flows.tagReads, driver.ledger.tagReads.acceptedAt],
      [counted.flows.telemetry, driver.ledger.telemetry.acceptedAt],
    ] as const) {
      for (const id of flow.lostKeys ?? []) {
        const at = acceptedAt.get(id) ?? 0;
        if (brokerKills.some((killedAt) => killedAt >= at)) lostDevice.beforeABrokerCrash += 1;
        else lostDevice.noBrokerCrashAfter += 1;
      }
      delete flow.lostKeys;
    }
    for (const flow of Object.values(counted.flows)) delete (flow as { lostKeys?: string[] }).lostKeys;

    const backTimes = recoveries.filter((entry) => entry.backMs !== null).map((entry) => entry.backMs!);
    const byKind = Object.fromEntries(
      (['server', 'workers', 'redis', 'broker', 'postgres'] as const).map((kind) => {
        const times = recoveries.filter((entry) => entry.kind === kind && entry.backMs !== null).map((e) => e.backMs!);
        return [kind, { kills: recoveries.filter((entry) => entry.kind === kind).length, ...percentiles(times) }];
      }),
    );
    const ledger = driver.ledger;
    const acceptedWhileRedisDown =
      ledger.gateIns.filter((entry) => entry.whileRedisDown).length +
      ledger.dispatches.filter((entry) => entry.whileRedisDown).length;
    const acceptedWhileBrokerDown =
      ledger.gateIns.filter((entry) => entry.whileBrokerDown).length +
      ledger.dispatches.filter((entry) => entry.whileBrokerDown).length;
    const notBack = recoveries.filter((entry) => entry.backMs === null);
    const maxRecoveryMs = backTimes.length ? Math.max(...backTimes) : 0;
    const checks = {
      lost0: counted.lost === 0,
      duplicated0: counted.duplicated === 0,
      outboxDrained: unpublished === 0,
      everyComponentBack: allUp && notBack.length === 0,
      recoveryWithin60s: notBack.length === 0 && maxRecoveryMs <= RECOVERY_TARGET_MS,
      killsDone: kills >= KILLS,
      deviceMessagesAllStored: stopped.unacknowledgedDeviceMessages === 0,
      gateWhileRedisDown: acceptedWhileRedisDown > 0,
      gateWhileBrokerDown: acceptedWhileBrokerDown > 0,
    };
    const pass = Object.values(checks).every(Boolean);
    const result = {
      bench: 'faults',
      pass,
      checks,
      seed: SEED,
      durationS: Math.round(DURATION_MS / 1000),
      wallS: Math.round((Date.now() - startedAt) / 1000),
      kills,
      killsTarget: KILLS,
      killsDeferred: skipped,
      pgRestarts: recoveries.filter((entry) => entry.kind === 'postgres').length,
      maxRecoveryMs,
      recovery: byKind,
      notBack: notBack.map((entry) => ({ component: entry.component, error: entry.error })),
      lost: counted.lost,
      duplicated: counted.duplicated,
      flows: counted.flows,
      acceptedWhileRedisDown,
      acceptedWhileBrokerDown,
      deviceMessages: {
        published: driver.ledger.tagReads.published + driver.ledger.telemetry.published,
        accepted,
        stored,
        resent: driver.ledger.tagReads.resent + driver.ledger.telemetry.resent,
        drainMs,
        unacknowledgedAtEnd: stopped.unacknowledgedDeviceMessages,
        lost: lostDevice,
        brokerAutosaveS: BROKER_AUTOSAVE_S,
      },
      outboxUnpublished: unpublished,
      // Jobs the queue kept as failed (a device message in one is sent again by its device).
      queueAtEnd: await cluster.queueReport(),
      refused: ledger.refused,
      unanswered: ledger.unanswered,
      retries: ledger.retries,
      restLatencyMs: percentiles(ledger.latencyMs),
      loadAverage: { start: loadAtStart, end: loadAverage() },
    };
    if (!pass) console.log(cluster.logTail(15));
    console.log(
      `fault campaign: ${pass ? 'PASS' : 'FAIL'}: ${kills} kills, ${counted.lost} lost, ${counted.duplicated} duplicated, ` +
        `max recovery ${maxRecoveryMs} ms, outbox ${unpublished} unpublished, ` +
        `${acceptedWhileRedisDown} gate transactions while Redis was down, ${acceptedWhileBrokerDown} while the broker was`,
    );
    console.log(JSON.stringify(result));
    return pass;
  } finally {
    await cleanup();
  }
}

main().then(
  (pass) => process.exit(pass ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
