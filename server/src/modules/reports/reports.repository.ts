import { sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_GROUPS, type ReportKey } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { rowsOf } from '../../db/bulk-insert';

// What a report is asked for, the rules applied: instants cut in the yard's zone (from inclusive,
// to exclusive), options null for All.
export interface ReportFilter {
  from: Date | null;
  to: Date | null;
  // The same range as yard days, both included (the day counts' keys).
  fromDay: string | null;
  toDay: string | null;
  now: Date;
  processId: number | null;
  sizeId: number | null;
  areaId: number | null;
  linerId: number | null;
  // The machine of the machine reports (null: every machine, 3.2 and 3.3), and its name (3.1).
  machineId: number | null;
  machineName: string | null;
  trailerType: string | null;
  gateInType: string | null;
  // The Loaded visits only (spec 3 §7 loaded-trailer).
  loadedOnly: boolean;
  // Tags expire this long after their first use (1.3).
  tagLifetimeDays: number;
  // The yard days of 3.1, in order.
  days: string[];
  // The range reaches back before an archive run's cut-off (docs/archive.md): the reports that list
  // containers, movements and truck visits read the current rows and the archived ones as one.
  withArchive: boolean;
}

// Where a page starts: `offset` rows into the report's order, or, for a report ordered by a time and
// an id, just after the row `after` (a keyset cursor: the export's batches after the first, which
// then cost the rows of the batch instead of a scan of every row before it).
export interface ReportCursor {
  at: string;
  id: string;
}
export interface ReportWindow {
  offset: number;
  limit: number;
  after?: ReportCursor | null;
}
// A row's cursor, in two columns the service takes off before a row is answered or written.
export const CURSOR_AT = '__cursorAt';
export const CURSOR_ID = '__cursorId';

// Epoch milliseconds of a timestamp, as a JSON number on both drivers.
const ms = (column: string) => sql.raw(`round(extract(epoch from ${column}) * 1000)::float8`);
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const range = (column: string, filter: ReportFilter) =>
  sql
    .raw(column)
    .append(sql` >= ${at(filter.from!)} and `)
    .append(sql.raw(column))
    .append(sql` < ${at(filter.to!)}`);

// The names of a container's master data (liner by its owner code, spec 1 §9 prefix table).
const CONTAINER_JOINS = sql.raw(`
  join container_sizes s on s.id = c.size_id
  left join container_types ct on ct.id = c.type_id
  left join container_processes p on p.id = c.process_id
  left join customers cu on cu.id = c.customer_id
  left join liner_prefixes lp on lp.prefix = left(c.container_number, 4)
  left join liner_infos li on li.id = lp.liner_id`);
const CONTAINER_COLUMNS = sql.raw(`c.id as "containerId", c.container_number as "containerNumber", s.name as "size",
  ct.name as "containerType", p.name as "process", cu.name as "customer", li.name as "liner"`);

// The tables of the history a report lists: the current ones, or, when the range reaches the archive,
// migration 0032's views (the current rows `union all` the archived ones; a row is in exactly one of
// them, under the id it always had). A range after every cut-off keeps the current tables' plan.
interface Sources {
  containers: SQL;
  movements: SQL;
  trailers: SQL;
  tasks: SQL;
}
const CURRENT: Sources = {
  containers: sql.raw('containers'),
  movements: sql.raw('container_movements'),
  trailers: sql.raw('trailers'),
  tasks: sql.raw('tasks'),
};
const WITH_ARCHIVE: Sources = {
  containers: sql.raw('containers_with_archive'),
  movements: sql.raw('container_movements_with_archive'),
  trailers: sql.raw('trailers_with_archive'),
  tasks: sql.raw('tasks_with_archive'),
};
const sourcesOf = (filter: ReportFilter) => (filter.withArchive ? WITH_ARCHIVE : CURRENT);

// Where a container stands: the end of its last movement (migration 0003 keeps it in step).
const location = (from: Sources) =>
  sql`(select m.to_location from ${from.movements} m where m.container_id = c.id order by m.id desc limit 1)`;
// The truck that brought it: the visit its gate-in opened, at the same instant.
const gateInTrailer = (from: Sources) =>
  sql`(select t.trailer_number from ${from.trailers} t where t.entry_at = c.gate_in_at and c.container_number = any(t.container_numbers) limit 1)`;

// One report's statement: the rows of a window in its order; and its count. `keyed` reports are
// ordered by a time and a unique id, so a window may start after a cursor, and a deep page starts
// after the cursor its key statement finds (`keyedStatement`).
export type ReportStatement =
  | { keyed: false; rows(filter: ReportFilter, window: ReportWindow): SQL; count(filter: ReportFilter): SQL }
  | {
      keyed: true;
      rows(filter: ReportFilter, window: ReportWindow): SQL;
      // The cursor of the row `offset` rows into the order (none past the last row), from the time
      // and id alone.
      keys(filter: ReportFilter, offset: number): SQL;
      count(filter: ReportFilter): SQL;
    };

const page = (window: ReportWindow) => sql` offset ${window.offset} limit ${window.limit}`;

// The order and cursor of a report ordered by `at` then `id` (a unique id of type `idType`): the
// cursor's columns to select, the condition (`and` …) of the rows after a cursor, and the order. The
// time bound before the row comparison lets a btree on the time alone start at the cursor.
interface KeyOrder {
  cursor: SQL;
  after(cursor: ReportCursor | null | undefined): SQL;
  order: SQL;
}
const keyed = (at: string, id: string, idType: 'bigint' | 'text'): KeyOrder => ({
  cursor: sql.raw(`${at}::text as "${CURSOR_AT}", ${id}::text as "${CURSOR_ID}"`),
  after: (cursor) =>
    cursor
      ? sql` and ${sql.raw(at)} >= ${cursor.at}::timestamptz
          and (${sql.raw(at)}, ${sql.raw(id)}) > (${cursor.at}::timestamptz, ${cursor.id}::${sql.raw(idType)})`
      : sql``,
  order: sql.raw(` order by ${at}, ${id}`),
});
const BY_GATE_IN = keyed('c.gate_in_at', 'c.id', 'bigint');
const BY_DISPATCH = keyed('c.dispatched_at', 'c.id', 'bigint');
const BY_FIRST_USE = keyed('r.first_used_at', 'r.tag_id', 'text');
const BY_MOVE = keyed('m.moved_at', 'm.id', 'bigint');
const BY_EVENT = keyed('e.occurred_at', 'e.id', 'bigint');
const BY_ENTRY = keyed('t.entry_at', 't.id', 'bigint');
const BY_RAISE = keyed('a.raised_at', 'a.id', 'bigint');

// A keyed report, stated once in parts that its two statements are built from.
interface KeyedParts {
  // The columns of a row (scalar subselects included).
  columns: SQL;
  // The report's table and its joins: every join the `where` reads, and every one that may drop a
  // row (an inner join: an archived container's size may be gone). The key statement reads these.
  from: SQL;
  // Left joins that only the columns read, each giving a row at most one match (a lateral `limit 1`;
  // one container in the yard per real tag): they neither drop nor repeat a row, so the key
  // statement leaves them out.
  lookups?: SQL;
  where: SQL;
}
// The rows of a window: from the window's offset, or after its cursor. The keys: the time and id
// alone over the same FROM and WHERE, which the planner answers from the time's index, without the
// lookups, the subselects of the columns, and the left joins it removes itself; so a deep page costs
// a walk of that index to its start, not the whole statement for every row before it (issue 18).
const keyedStatement = (
  by: KeyOrder,
  parts: (filter: ReportFilter, from: Sources) => KeyedParts,
  count: (filter: ReportFilter) => SQL,
): ReportStatement => ({
  keyed: true,
  rows: (filter, window) => {
    const { columns, from, lookups = sql``, where } = parts(filter, sourcesOf(filter));
    return sql`select ${columns}, ${by.cursor} from ${from} ${lookups}
      where ${where} ${by.after(window.after)} ${by.order} ${page(window.after ? { ...window, offset: 0 } : window)}`;
  },
  keys: (filter, offset) => {
    const { from, where } = parts(filter, sourcesOf(filter));
    return sql`select ${by.cursor} from ${from} where ${where} ${by.order} ${page({ offset, limit: 1 })}`;
  },
  count,
});

// A total from day counts (reports.table.ts, and the dashboard's gate-ins and gate-outs per day):
// the yard days of the range summed, at most 366 rows a year, where a count over the rows read a
// year of history.
const days = (filter: ReportFilter) =>
  filter.fromDay === null || filter.toDay === null
    ? sql`true`
    : sql`day >= ${filter.fromDay}::date and day <= ${filter.toDay}::date`;
const yardDaysTotal = (column: 'gate_ins' | 'gate_outs', filter: ReportFilter) =>
  sql`select coalesce(sum(${sql.raw(column)}), 0)::int as total from dashboard_yard_days where ${days(filter)}`;
const reportDaysTotal = (kind: string, filter: ReportFilter, keys: SQL = sql`true`) =>
  sql`select coalesce(sum(n), 0)::int as total from report_days where kind = ${kind} and ${days(filter)} and ${keys}`;
// The trailer report's filters on the trailers' day counts (key trailer_type|type|activity_group).
const trailerKeys = (filter: ReportFilter) => {
  const parts: SQL[] = [sql`true`];
  if (filter.trailerType !== null) parts.push(sql`split_part(key, '|', 1) = ${filter.trailerType}`);
  if (filter.gateInType !== null) parts.push(sql`split_part(key, '|', 2) = ${filter.gateInType}`);
  if (filter.loadedOnly) parts.push(sql`split_part(key, '|', 3) = ${ACTIVITY_GROUPS.container}`);
  return sql.join(parts, sql` and `);
};

// A planned container (a plan's reservation, issue 19) has not gated in: no report counts it.
const gateInWhere = (filter: ReportFilter) =>
  sql`c.voided_at is null and not c.planned and ${range('c.gate_in_at', filter)}`;
// A plan's reservation of a slot (source 'planning') moved no box: the movement reports leave it out.
const NOT_PLANNING = sql.raw(`m.source <> 'planning'`);

// Machines' status periods overlapping the range, cut to it: each change with the next one of its
// machine, from the last change at or before the range's start (machine_status_changes).
const statusPeriods = (filter: ReportFilter) => sql`
  with h as (
    select x.machine_id, x.status, x.changed_at,
      lead(x.changed_at) over (partition by x.machine_id order by x.changed_at, x.id) as ended_at
    from machine_status_changes x
    where x.changed_at < ${at(filter.to!)}
      and x.changed_at >= coalesce((select max(y.changed_at) from machine_status_changes y
        where y.machine_id = x.machine_id and y.changed_at <= ${at(filter.from!)}), '-infinity'::timestamptz)
      ${filter.machineId === null ? sql`` : sql`and x.machine_id = ${filter.machineId}`}
  ), periods as (
    select h.machine_id, h.status,
      greatest(h.changed_at, ${at(filter.from!)}) as started,
      least(coalesce(h.ended_at, ${at(filter.now)}), ${at(filter.to!)}) as ended,
      h.ended_at
    from h
    where h.ended_at is null or h.ended_at > ${at(filter.from!)}
  )`;

const breakdownSummary = (filter: ReportFilter) => sql`
  ${statusPeriods(filter)}, down as (
    select machine_id, count(*)::int as breakdowns,
      coalesce(sum(floor(greatest(extract(epoch from ended - started), 0) / 60)), 0)::int as minutes,
      coalesce(max(floor(greatest(extract(epoch from ended - started), 0) / 60)), 0)::int as longest,
      max(started) as last_started
    from periods where lower(status) = 'break-down' group by machine_id
  )
  select mm.id as "machineId", mm.machine_name as "machineName", mm.machine_type as "machineType",
    coalesce(down.breakdowns, 0) as "breakdowns", coalesce(down.minutes, 0) as "breakdownMinutes",
    coalesce(down.longest, 0) as "longestMinutes", ${ms('down.last_started')} as "lastBreakdownAt",
    lower(mm.machine_status) = 'break-down' as "brokenDownNow"
  from machines mm left join down on down.machine_id = mm.id
  ${filter.machineId === null ? sql`` : sql`where mm.id = ${filter.machineId}`}`;

const trailersWhere = (filter: ReportFilter) => {
  const parts: SQL[] = [sql`true`];
  if (filter.from && filter.to) parts.push(range('t.entry_at', filter));
  if (filter.trailerType !== null) parts.push(sql`t.trailer_type = ${filter.trailerType}`);
  if (filter.gateInType !== null) parts.push(sql`t.type = ${filter.gateInType}`);
  if (filter.loadedOnly) parts.push(sql`t.activity_group = ${ACTIVITY_GROUPS.container}`);
  return sql.join(parts, sql` and `);
};

const inventoryWhere = (filter: ReportFilter) => {
  const parts: SQL[] = [sql`c.dispatched_at is null and c.voided_at is null and not c.planned`];
  if (filter.processId !== null) parts.push(sql`c.process_id = ${filter.processId}`);
  if (filter.sizeId !== null) parts.push(sql`c.size_id = ${filter.sizeId}`);
  if (filter.linerId !== null) parts.push(sql`lp.liner_id = ${filter.linerId}`);
  if (filter.areaId !== null)
    parts.push(
      sql`exists (select 1 from container_positions cp where cp.container_id = c.id and cp.area_id = ${filter.areaId})`,
    );
  return sql.join(parts, sql` and `);
};

// Report 2.3 from its day counts (migration 0040, reports.table.ts), which hold the archived history
// too: placements into each area by how, the containers placed into it (each once a yard day, so a
// box placed there on two days of the range counts twice: an exact count of distinct boxes over a
// range cannot be summed from days), and the containers gated in within the range that no movement
// has placed. A year is at most 366 rows a key summed, where the movements of the range were 1.5
// million rows at scale 1.
const areaDays = (kind: string, filter: ReportFilter) => sql`kind = ${kind} and ${days(filter)}`;
const locationStatistics = (filter: ReportFilter) => sql`
  with per_area as (
    select split_part(key, '|', 1)::int as area_id, sum(n)::int as moves,
      coalesce(sum(n) filter (where split_part(key, '|', 2) = 'machine'), 0)::int as machine_moves,
      coalesce(sum(n) filter (where split_part(key, '|', 2) in ('manual', 'import')), 0)::int as manual_moves,
      coalesce(sum(n) filter (where split_part(key, '|', 2) = 'gate'), 0)::int as gate_moves
    from report_days where ${areaDays('areaMoves', filter)} group by 1
  ), placed as (
    select key::int as area_id, sum(n)::int as containers
    from report_days where ${areaDays('areaContainers', filter)} group by 1
  ), not_located as (
    select coalesce(sum(n), 0)::int as n from report_days where ${areaDays('notLocated', filter)}
  ), report as (
    select a.id as "areaId", a.name as "area", coalesce(pa.moves, 0) as "moves",
      coalesce(pa.machine_moves, 0) as "machineMoves", coalesce(pa.manual_moves, 0) as "manualMoves",
      coalesce(pa.gate_moves, 0) as "gateMoves", coalesce(pl.containers, 0) as "containers", 0 as "notUpdated",
      a.sort_order as o1, a.name as o2
    from yard_areas a left join per_area pa on pa.area_id = a.id left join placed pl on pl.area_id = a.id
    union all
    select null, null, 0, 0, 0, 0, n, n, 2147483647, null from not_located
  )`;

// Report 3.1 is no statement of its own: its figures are the task dashboard's rollup of machine days
// (the service reads them through the task dashboard's service), counted once by one rule.
export type RollupReportKey = 'machineMovementsSummary';
export type StatementReportKey = Exclude<ReportKey, RollupReportKey>;

export const REPORT_STATEMENTS: Record<StatementReportKey, ReportStatement> = {
  gateIn: keyedStatement(
    BY_GATE_IN,
    (filter, from) => ({
      columns: sql`${CONTAINER_COLUMNS}, c.rfid_tag_id as "tagId", c.igm, c.item, ${gateInTrailer(from)} as "trailerNumber",
        ${ms('c.gate_in_at')} as "gateInAt", ${location(from)} as "location", ${ms('c.dispatched_at')} as "dispatchedAt"`,
      from: sql`${from.containers} c ${CONTAINER_JOINS}`,
      where: gateInWhere(filter),
    }),
    (filter) => yardDaysTotal('gate_ins', filter),
  ),
  gateOut: keyedStatement(
    BY_DISPATCH,
    (filter, from) => ({
      columns: sql`${CONTAINER_COLUMNS}, c.rfid_tag_id as "tagId", ${ms('c.gate_in_at')} as "gateInAt",
        ${ms('c.dispatched_at')} as "dispatchedAt",
        round((extract(epoch from c.dispatched_at - c.gate_in_at) / 3600)::numeric, 1)::float8 as "dwellHours"`,
      from: sql`${from.containers} c ${CONTAINER_JOINS}`,
      where: sql`c.voided_at is null and ${range('c.dispatched_at', filter)}`,
    }),
    (filter) => yardDaysTotal('gate_outs', filter),
  ),
  expiredTags: keyedStatement(
    BY_FIRST_USE,
    (filter) => ({
      columns: sql`r.tag_id as "tagId", ${ms('r.first_used_at')} as "firstUsedAt", ${ms('r.last_bound_at')} as "lastBoundAt",
        r.bind_count as "bindCount", ${ms(`(r.first_used_at + make_interval(days => ${filter.tagLifetimeDays}))`)} as "expiredAt",
        c.container_number as "containerNumber", case when c.id is null then null else ${location(CURRENT)} end as "location"`,
      from: sql`rfid_tags r`,
      // rfid_tags holds the real tags only (a special tag is never bound), each in at most one
      // container in the yard (containers_active_tag_unique).
      lookups: sql`left join containers c on c.rfid_tag_id = r.tag_id and c.dispatched_at is null and c.voided_at is null
        and not c.planned`,
      where: sql`r.first_used_at <= ${at(filter.now)}::timestamptz - make_interval(days => ${filter.tagLifetimeDays})`,
    }),
    (filter) => sql`select count(*)::int as total from rfid_tags r
      where r.first_used_at <= ${at(filter.now)}::timestamptz - make_interval(days => ${filter.tagLifetimeDays})`,
  ),
  inventory: keyedStatement(
    BY_GATE_IN,
    (filter) => ({
      columns: sql`${CONTAINER_COLUMNS},
        (select a.name from container_positions cp join yard_areas a on a.id = cp.area_id where cp.container_id = c.id limit 1) as "area",
        ${location(CURRENT)} as "location", c.rfid_tag_id as "tagId", c.igm, c.item, c.hazardous,
        ${ms('c.gate_in_at')} as "gateInAt",
        floor(extract(epoch from ${at(filter.now)} - c.gate_in_at) / 86400)::int as "dwellDays"`,
      // The liner's filter reads lp of the container joins.
      from: sql`containers c ${CONTAINER_JOINS}`,
      where: inventoryWhere(filter),
    }),
    (filter) => sql`select count(*)::int as total from containers c
      left join liner_prefixes lp on lp.prefix = left(c.container_number, 4) where ${inventoryWhere(filter)}`,
  ),
  containerMovements: keyedStatement(
    BY_MOVE,
    (filter, from) => ({
      columns: sql`m.id::float8 as "id", ${ms('m.moved_at')} as "movedAt", m.container_number as "containerNumber",
        m.from_location as "fromLocation", m.to_location as "toLocation", m.source, m.moved_by as "movedBy", m.device`,
      from: sql`${from.movements} m`,
      where: sql`${range('m.moved_at', filter)} and ${NOT_PLANNING}`,
    }),
    // The day counts leave a plan's reservation moves out too (migration 0029's trigger).
    (filter) => reportDaysTotal('movements', filter),
  ),
  locationStatistics: {
    keyed: false,
    rows: (filter, window) => sql`
      ${locationStatistics(filter)}
      select "areaId", "area", "moves", "machineMoves", "manualMoves", "gateMoves", "containers", "notUpdated"
      from report order by o1, o2 ${page(window)}`,
    count: () => sql`select (count(*) + 1)::int as total from yard_areas`,
  },
  dwellTime: keyedStatement(
    BY_GATE_IN,
    (filter, from) => ({
      columns: sql`c.id as "containerId", c.container_number as "containerNumber", s.name as "size", p.name as "process",
        li.name as "liner", ${ms('c.gate_in_at')} as "gateInAt", ${ms('c.dispatched_at')} as "dispatchedAt",
        c.dispatched_at is null as "inYard",
        round((extract(epoch from coalesce(c.dispatched_at, ${at(filter.now)}) - c.gate_in_at) / 3600)::numeric, 1)::float8 as "dwellHours",
        floor(extract(epoch from coalesce(c.dispatched_at, ${at(filter.now)}) - c.gate_in_at) / 86400)::int as "dwellDays"`,
      from: sql`${from.containers} c ${CONTAINER_JOINS}`,
      where: gateInWhere(filter),
    }),
    (filter) => yardDaysTotal('gate_ins', filter),
  ),
  offloadingLocations: keyedStatement(
    BY_GATE_IN,
    (filter, from) => ({
      columns: sql`c.id as "containerId", c.container_number as "containerNumber", s.name as "size", p.name as "process",
        li.name as "liner", ${gateInTrailer(from)} as "trailerNumber", ${ms('c.gate_in_at')} as "gateInAt",
        f.to_location as "location", ${ms('f.moved_at')} as "offloadedAt",
        coalesce(f.device, f.moved_by) as "offloadedBy", f.source,
        floor(extract(epoch from f.moved_at - c.gate_in_at) / 60)::int as "minutesToOffload"`,
      from: sql`${from.containers} c ${CONTAINER_JOINS}`,
      lookups: sql`left join lateral (
        select m.to_location, m.moved_at, m.moved_by, m.device, m.source from ${from.movements} m
        where m.container_id = c.id and m.to_area_id is not null and ${NOT_PLANNING} order by m.id limit 1
      ) f on true`,
      where: gateInWhere(filter),
    }),
    (filter) => yardDaysTotal('gate_ins', filter),
  ),
  machineMovementsDetailed: keyedStatement(
    BY_EVENT,
    (filter, from) => ({
      columns: sql`e.id::float8 as "id", ${ms('e.occurred_at')} as "occurredAt", mm.machine_name as "machineName", e.kind,
        e.container_number as "containerNumber", e.tag_id as "tagId", e.height, e.latitude, e.longitude,
        t.id::float8 as "taskId", t.task_type as "taskType"`,
      from: sql`machine_events e join machines mm on mm.id = e.machine_id`,
      lookups: sql`left join lateral (select t.id, t.task_type from ${from.tasks} t
        where t.completed_by_event_id = e.id order by t.id limit 1) t on true`,
      where: sql`${range('e.occurred_at', filter)} ${filter.machineId === null ? sql`` : sql`and e.machine_id = ${filter.machineId}`}`,
    }),
    (filter) =>
      reportDaysTotal(
        'machineEvents',
        filter,
        filter.machineId === null ? sql`true` : sql`key = ${String(filter.machineId)}`,
      ),
  ),
  machineBreakdown: {
    keyed: false,
    rows: (filter, window) =>
      sql`select * from (${breakdownSummary(filter)}) b order by lower("machineName"), "machineId" ${page(window)}`,
    count: (filter) =>
      sql`select count(*)::int as total from machines mm ${filter.machineId === null ? sql`` : sql`where mm.id = ${filter.machineId}`}`,
  },
  machineWorkingStatus: {
    keyed: false,
    rows: (filter, window) => sql`
      ${statusPeriods(filter)}
      select mm.machine_name as "machineName", periods.status, ${ms('periods.started')} as "from",
        case when periods.ended_at is null and ${at(filter.to!)} > ${at(filter.now)} then null
          else ${ms('periods.ended')} end as "to",
        floor(greatest(extract(epoch from periods.ended - periods.started), 0) / 60)::int as "durationMinutes"
      from periods join machines mm on mm.id = periods.machine_id
      order by periods.started ${page(window)}`,
    count: (filter) => sql`${statusPeriods(filter)} select count(*)::int as total from periods`,
  },
  trailers: keyedStatement(
    BY_ENTRY,
    (filter, from) => ({
      columns: sql`t.id, t.trailer_number as "trailerNumber", t.trailer_tag_id as "trailerTagId", t.pla_card1 as "plaCard",
        t.trailer_type as "trailerType", t.type as "gateInType", t.activity_group as "activityGroup",
        t.container_numbers as "containerNumbers", ${ms('t.entry_at')} as "entryAt", ${ms('t.out_at')} as "outAt",
        floor(extract(epoch from coalesce(t.out_at, ${at(filter.now)}) - t.entry_at) / 60)::int as "minutesInYard",
        t.entered_by as "enteredBy", t.dispatched_by as "dispatchedBy"`,
      from: sql`${from.trailers} t`,
      where: trailersWhere(filter),
    }),
    (filter) => reportDaysTotal('trailers', filter, trailerKeys(filter)),
  ),
  alarms: keyedStatement(
    BY_RAISE,
    (filter) => ({
      columns: sql`a.id::float8 as "id", a.kind, a.severity, a.source_kind as "sourceKind", a.source_id as "sourceId",
        a.source_name as "sourceName", a.message, ${ms('a.raised_at')} as "raisedAt", ${ms('a.cleared_at')} as "clearedAt",
        case when a.cleared_at is null then null
          else floor(extract(epoch from a.cleared_at - a.raised_at) / 60)::int end as "durationMinutes"`,
      from: sql`alarms a`,
      where: range('a.raised_at', filter),
    }),
    (filter) => sql`select count(*)::int as total from alarms a where ${range('a.raised_at', filter)}`,
  ),
};

// The dwell-time distribution of report 2.4 over every container of the range (DWELL_BUCKETS), in
// whole days (contracts' dwellDays): the dispatched ones from their day counts (fixed once they
// left; at most 366), those still in the yard from their gate-in times (inYardGateIns).
export interface DwellDays {
  days: number;
  n: number;
}
const dispatchedDwellDays = (filter: ReportFilter) => sql`
  select key::int as days, sum(n)::int as n from report_days where kind = 'dwell' and ${days(filter)} group by 1`;

// A window of a report's rows: from its offset, or, for a keyed report's page past the first, the
// rows after the cursor of the row before it (a deferred join; the same rows as the offset, ties on
// the time ordered by the id).
async function pageOf(db: Database, key: StatementReportKey, filter: ReportFilter, window: ReportWindow) {
  const statement = REPORT_STATEMENTS[key];
  let start = window;
  if (statement.keyed && !window.after && window.offset > 0) {
    const [before] = rowsOf<Record<string, unknown>>(await db.execute(statement.keys(filter, window.offset - 1)));
    if (!before) return [];
    start = {
      offset: 0,
      limit: window.limit,
      after: { at: String(before[CURSOR_AT]), id: String(before[CURSOR_ID]) },
    };
  }
  return rowsOf<Record<string, unknown>>(await db.execute(statement.rows(filter, start)));
}

export const reportsRepository = {
  // Over the archive views a statement is planned for its range each time: PGlite keeps each
  // statement prepared (pglite-prepared.ts), and after five runs its plan cache turns to a generic
  // plan, which for the views' union (1.1, 2.5) cost 110-400 ms a page where a custom plan costs
  // 8-18 ms (docs/reports.md). The current tables keep the cache's choice.
  async rows(db: Database, key: StatementReportKey, filter: ReportFilter, window: ReportWindow) {
    if (!filter.withArchive) return pageOf(db, key, filter, window);
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
      return pageOf(tx, key, filter, window);
    });
  },

  async count(db: Database, key: StatementReportKey, filter: ReportFilter): Promise<number> {
    const [row] = rowsOf<{ total: number }>(await db.execute(REPORT_STATEMENTS[key].count(filter)));
    return Number(row?.total ?? 0);
  },

  dispatchedDwellDays: async (db: Database, filter: ReportFilter) =>
    rowsOf<DwellDays>(await db.execute(dispatchedDwellDays(filter))),
  // The gate-in times (epoch ms, in order) of the containers in the yard, a plan's reservations left
  // out: 2.4 counts their dwell up to its call.
  async inYardGateIns(db: Database): Promise<Float64Array> {
    const rows = rowsOf<{ at: number }>(
      await db.execute(sql`
        select ${ms('gate_in_at')} as at from containers
        where dispatched_at is null and voided_at is null and not planned order by gate_in_at`),
    );
    return Float64Array.from(rows, (row) => Number(row.at));
  },

  // A machine by its name in any case: its id and its name as the machines list writes it.
  async machine(db: Database, name: string): Promise<{ id: number; name: string } | null> {
    const [row] = rowsOf<{ id: number; name: string }>(
      await db.execute(
        sql`select id, machine_name as name from machines where lower(machine_name) = lower(${name.trim()})`,
      ),
    );
    return row ?? null;
  },
};
