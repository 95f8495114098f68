// The fault campaign's count: every operation of the ledger against what PostgreSQL holds.
// Acknowledged (and confirmed) operations must be there exactly once: a gate-in one container row
// and one gate_transactions row, a dispatch that container dispatched, a move one movement row from
// where to where, a task completion the task completed by that machine (and the machine day
// figures raised by one per completion: a completion applied twice would count twice there), a
// device message one row of its message id (one device-log line per tag read too).
import type postgres from 'postgres';
import type { Ledger } from './yard-driver';

export interface FlowCount {
  acknowledged: number;
  lost: number;
  duplicated: number;
  // Up to 5 examples of each, for the report.
  examples?: { lost: string[]; duplicated: string[] };
  // Every lost key (not printed).
  lostKeys?: string[];
}

function count(acknowledged: string[], stored: Map<string, number>): FlowCount {
  const lost = acknowledged.filter((key) => !stored.has(key));
  const duplicated = acknowledged.filter((key) => (stored.get(key) ?? 0) > 1);
  return {
    acknowledged: acknowledged.length,
    lost: lost.length,
    duplicated: duplicated.length,
    ...(lost.length || duplicated.length
      ? { examples: { lost: lost.slice(0, 5), duplicated: duplicated.slice(0, 5) }, lostKeys: lost }
      : {}),
  };
}

const tally = (rows: { key: string; copies: number }[]) => new Map(rows.map((row) => [row.key, row.copies]));

// Device messages of a run stored so far (for waiting until the pipeline drained).
export async function storedDeviceMessages(sql: postgres.Sql, ledger: Ledger) {
  const [row] = await sql<{ tags: number; telemetry: number }[]>`
    select (select count(distinct message_id)::int from tag_reads where message_id like ${`${ledger.tagReads.run}-%`}) as tags,
      (select count(distinct message_id)::int from machine_positions where message_id like ${`${ledger.telemetry.run}-%`}) as telemetry`;
  return row!.tags + row!.telemetry;
}

export async function unpublishedOutboxRows(sql: postgres.Sql) {
  const [row] = await sql<
    { count: number }[]
  >`select count(*)::int as count from outbox_events where published_at is null`;
  return row!.count;
}

// The whole-day machine figures' completed tasks, summed (the baseline is taken before the load).
export async function completedTaskFigures(sql: postgres.Sql) {
  const [row] = await sql<{ figures: number; tasks: number }[]>`
    select coalesce((select sum(completed_tasks) from machine_day_stats where shift_id is null), 0)::int as figures,
      (select count(*)::int from tasks where completed_at is not null) as tasks`;
  return row!;
}

export async function verifyLedger(sql: postgres.Sql, ledger: Ledger, baseline: { figures: number; tasks: number }) {
  const gateInIds = ledger.gateIns.map((entry) => entry.requestId);
  const gateInNumbers = ledger.gateIns.map((entry) => entry.containerNumber);
  const transactions = tally(
    await sql<{ key: string; copies: number }[]>`
      select request_id as key, count(*)::int as copies from gate_transactions
      where request_id = any(${sql.array([...gateInIds, ...ledger.dispatches.map((entry) => entry.requestId)])}::text[])
      group by request_id`,
  );
  const containers = tally(
    await sql<{ key: string; copies: number }[]>`
      select container_number as key, count(*)::int as copies from containers
      where container_number = any(${sql.array(gateInNumbers)}::text[]) group by container_number`,
  );
  const gateIn = count(gateInIds, transactions);
  const gateInContainers = count(gateInNumbers, containers);
  const dispatched = tally(
    await sql<{ key: string; copies: number }[]>`
      select container_number as key, count(*)::int as copies from containers
      where container_number = any(${sql.array(ledger.dispatches.map((entry) => entry.containerNumber))}::text[])
        and dispatched_at is not null
      group by container_number`,
  );
  const dispatchTransactions = count(
    ledger.dispatches.map((entry) => entry.requestId),
    transactions,
  );
  const dispatchContainers = count(
    ledger.dispatches.map((entry) => entry.containerNumber),
    dispatched,
  );

  const moveKey = (containerId: number, from: string | null, to: string | null) => `${containerId}:${from}>${to}`;
  const movementRows = await sql<{ containerId: number; from: string | null; to: string | null; copies: number }[]>`
    select container_id as "containerId", from_location as "from", to_location as "to", count(*)::int as copies
    from container_movements
    where container_id = any(${sql.array(ledger.moves.map((move) => move.containerId))}::bigint[]) and source = 'manual'
    group by container_id, from_location, to_location`;
  const moves = count(
    ledger.moves.map((move) => moveKey(move.containerId, move.from, move.to)),
    new Map(movementRows.map((row) => [moveKey(Number(row.containerId), row.from, row.to), row.copies])),
  );

  const completedRows = await sql<{ key: string; copies: number }[]>`
    select id::text || ':' || completed_by_machine as key, 1 as copies from tasks
    where id = any(${sql.array(ledger.completions.map((entry) => entry.taskId))}::bigint[]) and completed_at is not null`;
  const completions = count(
    ledger.completions.map((entry) => `${entry.taskId}:${entry.machine}`),
    tally(completedRows),
  );
  const figures = await completedTaskFigures(sql);
  // Every completion of the run raised the figures by one, no more and no less.
  const figuresRaised = figures.figures - baseline.figures;
  const tasksCompleted = figures.tasks - baseline.tasks;
  completions.duplicated += Math.max(0, figuresRaised - tasksCompleted);

  const messages = async (table: 'tag_reads' | 'machine_positions', run: string, accepted: Set<string>) =>
    count(
      [...accepted],
      tally(
        await sql<{ key: string; copies: number }[]>`
          select message_id as key, count(*)::int as copies from ${sql(table)}
          where message_id like ${`${run}-%`} group by message_id`,
      ),
    );
  const tagReads = await messages('tag_reads', ledger.tagReads.run, ledger.tagReads.accepted);
  const telemetry = await messages('machine_positions', ledger.telemetry.run, ledger.telemetry.accepted);
  const [logs] = await sql<{ lines: number; ids: number }[]>`
    select count(*)::int as lines, count(distinct message_id)::int as ids
    from device_logs where type = 'TAG_DATA' and message_id like ${`${ledger.tagReads.run}-%`}`;
  tagReads.duplicated += logs!.lines - logs!.ids;

  const flows = {
    gateIn,
    gateInContainers,
    dispatch: dispatchTransactions,
    dispatchContainers,
    moves,
    taskCompletions: { ...completions, figuresRaised, tasksCompleted },
    tagReads,
    telemetry,
  };
  const lost = Object.values(flows).reduce((sum, flow) => sum + flow.lost, 0);
  const duplicated = Object.values(flows).reduce((sum, flow) => sum + flow.duplicated, 0);
  return { flows, lost, duplicated };
}
