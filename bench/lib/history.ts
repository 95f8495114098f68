// Two years of a depot's history, seeded with set-based SQL (generate_series, one INSERT … SELECT a
// step, in chunks) in the server's own process through the bench child's `sql` op, into the real
// tables of the product with every trigger and constraint left on:
//
//   containers           one row per visit (gate-in … dispatch); visits come at a daily and weekly
//                        rhythm of the yard's time zone (TIME_ZONE), each box's number (real owner
//                        prefixes, a valid ISO 6346 check digit) coming back every few months;
//                        the visits whose dwell time has not ended yet are in the yard now.
//   container_positions  the visits in the yard, on bench areas added for them (H01, H02, …: 10 rows
//                        × 40 columns × 5 tiers, columns 17-40 in merged 40 ft pairs), stacked
//                        from tier 1 without holes, 40 ft boxes on merged pairs.
//   container_movements  per visit: the gate-in move, about 4.7 shifts (73 % by machines, the
//                        rest manual) and, when it left, the dispatch move (to nowhere). The last
//                        movement of a visit in the yard ends on its position, of a dispatched
//                        one outside the yard: what migration 0003's deferred triggers check. The
//                        yard's visits, their positions and their movements go in one statement
//                        (data-modifying CTEs), so the checks at its commit see them together.
//   trailers             the truck of each container gate-in (20-90 minutes inside), and vehicle
//                        gate-ins that came for a dispatched box (Pickup, closed by the dispatch);
//                        the trucks of the last hour are still inside.
//   gate_transactions    gateIn per visit, dispatch per dispatched visit, trailerGateIn per vehicle
//                        visit: ≈ 1M gate events at scale 1.
//   machine_events       a pick and a drop for every move a machine made (gate-in offloading and
//                        machine shifts), on the demo machines.
//   tasks                the offloading task of every gate-in and a task for every machine shift,
//                        completed by the machine's drop (completedAt, completedByMachine, the
//                        event); those of the last 30 minutes still open.
//
// Scale 1 is the issue's figures (a 15,000-container depot: ≈ 1M gate events, ≈ 3M moves, ≈ 2M
// tasks); the yard's own demo containers stay and count among the 15,000 in the yard.
// OCR records are not seeded (nothing in the issue's reports reads them yet).
import { demoCorners } from '@openyard/server/db/seed/demo-yard';
import type { Child } from './child';
import { fmt } from '../../loadtest/node/stats';

export interface HistoryOptions {
  scale: number;
  timeZone: string;
  yardCenter: { latitude: number; longitude: number };
  // The history ends here (ms); every seeded time is before it.
  endMs?: number;
  // Visits per INSERT of containers, movements, trailers and the gate's rows.
  chunk?: number;
  // Machine events (a pick and a drop per machine move): the largest table; off to seed faster.
  machineEvents?: boolean;
  log?: (line: string) => void;
}

export interface HistoryFigures {
  seconds: number;
  steps: { step: string; seconds: number; rows: number | null }[];
  counts: Record<string, number>;
  inYard: number;
  benchAreas: number;
}

const DAYS = 730;
// Gate-in visits, vehicle-only visits, shifts per visit and the machines' share of the shifts at
// scale 1: ≈ 447,500 gate-ins + 432,000 dispatches + 120,000 vehicle gate-ins ≈ 1M gate events;
// 447,500 × (1 + 4.74) + 432,000 ≈ 3M moves; 447,500 + 0.73 × 2.12M ≈ 2M tasks.
const VISITS = 447_500;
const VEHICLE_VISITS = 120_000;
const SHIFTS_PER_VISIT = 4.74;
const MACHINE_SHARE = 73;
// A box comes back about every third visit (a number seen on several visits over two years).
const VISITS_PER_BOX = 3;
// The bench areas: rows × columns, the first SINGLE_COLUMNS columns 20 ft stacks, the rest
// merged pairs; each stack filled to 3-5 tiers.
const AREA_ROWS = 10;
const AREA_COLUMNS = 40;
const SINGLE_COLUMNS = 16;
const AREA_HEIGHT = 5;
const MIN_FILL = 3;

// A well-mixed number in 0 … 999,999 from an integer and a salt (PostgreSQL's own hash function,
// on PGlite as on PostgreSQL), and the same as a fraction in [0, 1).
const h = (expr: string, salt: number) => `(abs(hashint8extended((${expr})::bigint, ${salt})) % 1000000)`;
const u = (expr: string, salt: number) => `(${h(expr, salt)}::float8 / 1000000)`;

// The ISO 6346 check digit of a ten-character text (the computation of migration 0018's
// iso6346_check_digit_ok).
const checkDigit = (base: string) => `((select sum(
    case when i <= 4
      then (array[10,12,13,14,15,16,17,18,19,20,21,23,24,25,26,27,28,29,30,31,32,34,35,36,37,38])[ascii(substr(${base}, i, 1)) - 64]
      else substr(${base}, i, 1)::integer end * (1 << (i - 1)))
  from generate_series(1, 10) as i) % 11 % 10)::text`;

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

export async function seedHistory(child: Child, options: HistoryOptions): Promise<HistoryFigures> {
  const log = options.log ?? ((line: string) => console.log(line));
  const scale = options.scale;
  const visits = Math.max(10, Math.round(VISITS * scale));
  const vehicleVisits = Math.max(1, Math.round(VEHICLE_VISITS * scale));
  const boxes = Math.max(1, Math.round(visits / VISITS_PER_BOX));
  const chunk = options.chunk ?? 50_000;
  // Times are whole milliseconds, as the product writes them (JavaScript dates): the fractions of
  // a day the seed computes are cut to the millisecond (the reports answer times as epoch ms).
  const end = `date_trunc('milliseconds', to_timestamp(${(options.endMs ?? Date.now()) / 1000}))`;
  const tz = quote(options.timeZone);
  const withEvents = options.machineEvents ?? true;
  const steps: HistoryFigures['steps'] = [];
  const started = performance.now();

  // No statement timeout: a chunk of a large history runs longer than the server's bound.
  const sql = (text: string) => child.call({ op: 'sql', text, timeoutMs: 0 });
  const one = async (text: string) => (await sql(text))[0] ?? {};
  const num = async (text: string) => Number(Object.values(await one(text))[0] ?? 0);
  async function step(name: string, run: () => Promise<number | null>) {
    const at = performance.now();
    const rows = await run();
    const seconds = (performance.now() - at) / 1000;
    steps.push({ step: name, seconds, rows });
    log(`history: ${name}: ${rows === null ? '' : `${fmt(rows)} rows, `}${fmt(seconds, 1)} s`);
  }
  // Rows an INSERT wrote: the table's count before and after (the sql op answers rows, not counts).
  const counted = async (table: string, run: () => Promise<unknown>) => {
    const before = await num(`select count(*)::int from ${table}`);
    await run();
    return (await num(`select count(*)::int from ${table}`)) - before;
  };

  // Where this history's ids start: it writes its own ids (visits, trucks, machine events), so
  // that the rows of one visit can name each other without reading them back.
  const base = await one(`select
      (select coalesce(max(id), 0) from containers)::int as containers,
      (select coalesce(max(id), 0) from trailers)::int as trailers,
      (select coalesce(max(id), 0) from container_movements)::bigint as movements,
      (select coalesce(max(id), 0) from machine_events)::bigint as events,
      (select count(*) from machines)::int as machines,
      (select count(*) from liner_prefixes)::int as prefixes,
      (select count(*) from customers)::int as customers`);
  const C0 = Number(base.containers);
  const T0 = Number(base.trailers);
  const M0 = Number(base.movements);
  const E0 = Number(base.events);
  if (!Number(base.machines) || !Number(base.prefixes))
    throw new Error('history: the yard needs machines and liner prefixes (start it with DEMO=1)');

  // The master data the visits name, as arrays picked from by a hash.
  const master = `master as (select
      (select array_agg(prefix order by prefix) from liner_prefixes) as prefixes,
      (select array_agg(id order by id) from customers) as customers,
      (select array_agg(id order by sort_order, id) from container_types) as types,
      (select array_agg(name order by sort_order, id) from container_types) as type_names,
      (select id from container_sizes where name = '20') as s20,
      (select id from container_sizes where name = '40') as s40,
      (select id from container_sizes where name = '45') as s45,
      (select array_agg(id order by sort_order, id) from container_processes) as processes,
      (select array_agg(name order by sort_order, id) from container_processes) as process_names,
      (select id from categories where name = 'General') as general,
      (select id from categories where name = 'Reefer') as reefer,
      (select id from categories where name = 'Hazardous') as hazardous,
      (select id from cargo_types where name = 'General Cargo') as general_cargo,
      (select id from cargo_types where name = 'Perishable') as perishable)`;

  // Hours of the two years in the yard's time zone, weighted by the hour of the day and the day
  // of the week (quiet nights and Sundays), growing by 30 % over the two years; hour h gets the
  // visits numbered prev + 1 … upto.
  const hours = `hours as (
      select h, at, floor(${visits} * (cw - w) / tw)::int as prev, floor(${visits} * cw / tw)::int as upto from (
        select h, at, w, sum(w) over (order by h) as cw, sum(w) over () as tw from (
          select h, (local at time zone ${tz}) as at,
            (case extract(isodow from local) when 7 then 0.45 when 6 then 0.8 else 1 end)
            * (case when extract(hour from local) < 6 then 0.25 when extract(hour from local) < 8 then 0.8
                    when extract(hour from local) < 19 then 1.6 when extract(hour from local) < 22 then 1 else 0.45 end)
            * (0.85 + 0.3 * h / ${DAYS * 24}) as w
          from (select h, date_trunc('day', ${end} at time zone ${tz}) - interval '${DAYS} days' + h * interval '1 hour' as local
                from generate_series(0, ${(DAYS + 1) * 24 - 1}) h) l
          where (local at time zone ${tz}) < ${end}) w) c)`;

  // Dwell times: 28 % leave within 3 days, 34 % within 15, 20 % within 30, 12 % within 60 and 6 %
  // stay 60-100 days (every ageing bucket of the dashboard has boxes): ≈ 18 days on average, so
  // that about 12,000 visits are in the yard at scale 1, with the demo's 3,000 about 15,000.
  const dwell = (g: string) => `(case
      when ${h(g, 3)} % 100 < 28 then ${u(g, 4)} * 3
      when ${h(g, 3)} % 100 < 62 then 3 + ${u(g, 4)} * 12
      when ${h(g, 3)} % 100 < 82 then 15 + ${u(g, 4)} * 15
      when ${h(g, 3)} % 100 < 94 then 30 + ${u(g, 4)} * 30
      else 60 + ${u(g, 4)} * 40 end) * interval '1 day'`;
  // Shifts of visit g: 4 or 5, SHIFTS_PER_VISIT on average.
  const shifts = (g: string) =>
    `(floor(((${g}) + 1) * ${SHIFTS_PER_VISIT}) - floor((${g}) * ${SHIFTS_PER_VISIT}))::int`;

  // 1. Visits, chunk by chunk of hours.
  const hourCount = (DAYS + 1) * 24;
  const hourChunk = Math.max(24, Math.floor((hourCount * chunk) / visits));
  await step('containers (visits)', () =>
    counted('containers', async () => {
      for (let from = 0; from < hourCount; from += hourChunk) {
        await sql(`
          with ${master}, ${hours},
          v as (
            select ${C0} + hours.prev + k as id, hours.prev + k as g,
              least(hours.at + ${h('hours.prev + k', 2)} % 3600 * interval '1 second', ${end} - interval '2 minutes') as gate_in_at
            from hours cross join lateral generate_series(1, hours.upto - hours.prev) k
            where hours.h >= ${from} and hours.h < ${from + hourChunk}),
          b as (
            select v.*, (v.g % ${boxes}) as box, date_trunc('milliseconds', v.gate_in_at + ${dwell('v.g')}) as leaves,
              ${shifts('v.g')} as shifts
            from v),
          n as (
            select b.*, master.prefixes[1 + ${h('b.box', 5)} % array_length(master.prefixes, 1)]
              || lpad((b.box % 1000000)::text, 6, '0') as base
            from b, master)
          insert into containers (id, container_number, size_id, type_id, process_id, category_id, customer_id,
            cargo_type_id, hazardous, rfid_tag_id, igm, item, gate_in_at, dispatched_at, last_moved_at,
            location_updated_by, created_at, updated_at)
          select n.id, n.base || ${checkDigit('n.base')},
            case when ${h('n.box', 6)} % 100 < 55 then master.s20 when ${h('n.box', 6)} % 100 < 93 then master.s40 else master.s45 end,
            master.types[1 + ${h('n.box', 7)} % array_length(master.types, 1)],
            master.processes[p.process],
            case when master.type_names[1 + ${h('n.box', 7)} % array_length(master.types, 1)] = 'Reefer' then master.reefer
                 when ${h('n.g', 9)} % 100 < 4 then master.hazardous else master.general end,
            case when master.process_names[p.process] = 'Empty' then null
                 else master.customers[1 + ${h('n.g', 10)} % array_length(master.customers, 1)] end,
            case when master.process_names[p.process] = 'Empty' then null
                 when master.type_names[1 + ${h('n.box', 7)} % array_length(master.types, 1)] = 'Reefer' then master.perishable
                 else master.general_cargo end,
            ${h('n.g', 9)} % 100 < 4,
            (900000000 + n.g)::text,
            case when master.process_names[p.process] in ('Import', 'LCL') then (1000000 + n.g / 400)::text end,
            case when master.process_names[p.process] in ('Import', 'LCL') then (1 + n.g % 40)::text end,
            n.gate_in_at,
            case when n.leaves < ${end} then n.leaves end,
            case when n.leaves < ${end} then n.leaves
                 else date_trunc('milliseconds', n.gate_in_at + (${end} - n.gate_in_at) * (n.shifts + 0.5) / (n.shifts + 1)) end,
            case when n.leaves < ${end} then 'gateout' else 'bench' end,
            n.gate_in_at, coalesce(case when n.leaves < ${end} then n.leaves end, n.gate_in_at)
          from n cross join master
            cross join lateral (select case
              when ${h('n.g', 8)} % 100 < 45 then 1 when ${h('n.g', 8)} % 100 < 70 then 2
              when ${h('n.g', 8)} % 100 < 90 then 3 when ${h('n.g', 8)} % 100 < 95 then 4
              when ${h('n.g', 8)} % 100 < 98 then 5 else 6 end as process) p
          on conflict do nothing`);
      }
      await sql(`select setval(pg_get_serial_sequence('containers', 'id'), (select max(id) from containers))`);
    }),
  );

  // 2. Bench areas for the visits in the yard now: enough 20 ft stacks and 40 ft pairs at the
  // lowest fill.
  const inYard = await one(`select
      count(*) filter (where z.length_feet <= 20)::int as short,
      count(*) filter (where z.length_feet > 20)::int as long
    from containers c join container_sizes z on z.id = c.size_id
    where c.id > ${C0} and c.dispatched_at is null and c.voided_at is null`);
  const short = Number(inYard.short);
  const long = Number(inYard.long);
  const pairs = (AREA_COLUMNS - SINGLE_COLUMNS) / 2;
  const areaCount = Math.max(
    1,
    Math.ceil(short / (AREA_ROWS * SINGLE_COLUMNS * MIN_FILL)),
    Math.ceil(long / (AREA_ROWS * pairs * MIN_FILL)),
  );
  const areaRows = await sql(`select count(*)::int as n, coalesce(max(sort_order), 0)::int as sort from yard_areas`);
  const firstIndex = Number(areaRows[0]?.n ?? 0);
  const sortFrom = Number(areaRows[0]?.sort ?? 0) + 1;
  await step(`layout (${areaCount} bench areas)`, async () => {
    const values = Array.from({ length: areaCount }, (_, index) => {
      const corners = demoCorners(firstIndex + index, options.yardCenter);
      return `('H${String(index + 1).padStart(2, '0')}', ${sortFrom + index}, ${AREA_HEIGHT}, ${corners.lat1}, ${corners.long1},
        ${corners.lat2}, ${corners.long2}, ${corners.lat3}, ${corners.long3}, ${corners.lat4}, ${corners.long4})`;
    });
    await sql(`insert into yard_areas (name, sort_order, max_height, lat1, long1, lat2, long2, lat3, long3, lat4, long4)
      values ${values.join(',\n')}`);
    const bench = `select id, name from yard_areas where name ~ '^H[0-9]{2}$' and sort_order >= ${sortFrom}`;
    await sql(`insert into yard_rows (area_id, index, name)
      select a.id, r, r::text from (${bench}) a cross join generate_series(1, ${AREA_ROWS}) r`);
    await sql(`insert into yard_columns (area_id, index, name, merged)
      select a.id, c, c::text, c > ${SINGLE_COLUMNS} and (c - ${SINGLE_COLUMNS}) % 2 = 1
      from (${bench}) a cross join generate_series(1, ${AREA_COLUMNS}) c`);
    await sql(`insert into yard_cells (area_id, row_id, column_id, name, full_name)
      select a.id, r.id, c.id, c.name, a.name || '_' || r.name || '_' || c.name
      from (${bench}) a join yard_rows r on r.area_id = a.id join yard_columns c on c.area_id = a.id`);
    return areaCount * AREA_ROWS * AREA_COLUMNS;
  });

  // Slots any earlier move may have gone to: every area of the yard, by a hash of the move.
  const areas = `areas as (select array_agg(a.id order by a.id) as ids, array_agg(a.name order by a.id) as names,
      array_agg(a.max_height order by a.id) as heights,
      array_agg((select max(index) from yard_rows r where r.area_id = a.id) order by a.id) as rows,
      array_agg((select max(index) from yard_columns c where c.area_id = a.id) order by a.id) as columns
    from yard_areas a where exists (select 1 from yard_rows r where r.area_id = a.id))`;
  const machines = `fleet as (select array_agg(machine_name order by id) as names, array_agg(id order by id) as ids
    from machines)`;
  // Move k of visit id: where it went (area index, row, column, tier).
  const key = (id: string, k: string) => `((${id})::bigint * 8 + ${k})`;
  const slotArea = (id: string, k: string) => `(1 + ${h(key(id, k), 11)} % array_length(areas.ids, 1))`;
  const slotName = (id: string, k: string) => {
    const a = slotArea(id, k);
    return `areas.names[${a}] || '_' || (1 + ${h(key(id, k), 12)} % areas.rows[${a}]) || '_' ||
      (1 + ${h(key(id, k), 13)} % areas.columns[${a}]) || '_' || (1 + ${h(key(id, k), 14)} % areas.heights[${a}])`;
  };
  // The moves of the visits in `visits` (id, container_number, gate_in_at, dispatched_at, shifts;
  // area_id … name for the last move of a visit in the yard): gate-in, shifts, dispatch.
  const movementsOf = (visits: string) => `
    insert into container_movements (container_id, container_number, from_location, to_location, to_area_id,
      to_row_index, to_column_index, to_tier, source, moved_by, device, moved_at)
    select v.id, v.container_number,
      case when k = 0 then null else ${slotName('v.id', 'k - 1')} end,
      case when k > v.shifts then null when k = v.shifts and v.area_id is not null then v.name else ${slotName('v.id', 'k')} end,
      case when k > v.shifts then null when k = v.shifts and v.area_id is not null then v.area_id
           else areas.ids[${slotArea('v.id', 'k')}] end,
      case when k > v.shifts then null when k = v.shifts and v.area_id is not null then v.row_index
           else 1 + ${h(key('v.id', 'k'), 12)} % areas.rows[${slotArea('v.id', 'k')}] end,
      case when k > v.shifts then null when k = v.shifts and v.area_id is not null then v.column_index
           else 1 + ${h(key('v.id', 'k'), 13)} % areas.columns[${slotArea('v.id', 'k')}] end,
      case when k > v.shifts then null when k = v.shifts and v.area_id is not null then v.tier
           else 1 + ${h(key('v.id', 'k'), 14)} % areas.heights[${slotArea('v.id', 'k')}] end,
      case when k = 0 or k > v.shifts then 'gate' when ${h(key('v.id', 'k'), 15)} % 100 < ${MACHINE_SHARE} then 'machine'
           else 'manual' end,
      case when k = 0 then 'gatein' when k > v.shifts then 'gateout'
           when ${h(key('v.id', 'k'), 15)} % 100 < ${MACHINE_SHARE} then null
           else (array['operator', 'admin', 'superadmin'])[1 + ${h(key('v.id', 'k'), 16)} % 3] end,
      case when k between 1 and v.shifts and ${h(key('v.id', 'k'), 15)} % 100 < ${MACHINE_SHARE}
           then fleet.names[1 + ${h(key('v.id', 'k'), 17)} % array_length(fleet.names, 1)] end,
      date_trunc('milliseconds', case
           when k = 0 then v.gate_in_at + least((600 + ${h('v.id', 18)} % 4800) * interval '1 second',
                                                (coalesce(v.dispatched_at, ${end}) - v.gate_in_at) * 0.4 / (v.shifts + 1))
           when k > v.shifts then v.dispatched_at
           else v.gate_in_at + (coalesce(v.dispatched_at, ${end}) - v.gate_in_at) * (k + 0.5) / (v.shifts + 1) end)
    from (${visits}) v cross join areas cross join fleet
      cross join lateral generate_series(0, v.shifts + case when v.dispatched_at is null then 0 else 1 end) k
    order by v.id, k`;

  // 3. The movements of the dispatched visits, chunk by chunk of ids.
  const lastId = await num(`select coalesce(max(id), ${C0})::int from containers`);
  await step('container_movements (dispatched visits)', () =>
    counted('container_movements', async () => {
      for (let from = C0 + 1; from <= lastId; from += chunk) {
        await sql(`with ${areas}, ${machines}
          ${movementsOf(`select c.id, c.container_number, c.gate_in_at, c.dispatched_at, ${shifts(`c.id - ${C0}`)} as shifts,
              null::int as area_id, null::int as row_index, null::int as column_index, null::int as tier, null::text as name
            from containers c where c.id between ${from} and ${Math.min(lastId, from + chunk - 1)}
              and c.dispatched_at is not null`)}`);
      }
    }),
  );

  // 4. The visits in the yard: their positions and movements in one statement. Slots of the bench
  // areas in order (area, row, stack, tier ≤ the stack's fill): the k-th 20 ft visit takes the
  // k-th 20 ft slot, the k-th long one the k-th pair, so every stack fills from tier 1 up.
  await step('container_positions + container_movements (visits in the yard)', () =>
    counted('container_movements', async () => {
      await sql(`with ${areas}, ${machines},
        bench as (select id, name from yard_areas where name ~ '^H[0-9]{2}$' and sort_order >= ${sortFrom}),
        stacks as (
          select a.id as area_id, a.name as area, r as row_index, c as column_index, c > ${SINGLE_COLUMNS} as long,
            ${MIN_FILL} + ${h(`a.id * 10000 + r * 100 + c`, 19)} % ${AREA_HEIGHT - MIN_FILL + 1} as fill
          from bench a cross join generate_series(1, ${AREA_ROWS}) r cross join generate_series(1, ${AREA_COLUMNS}) c
          where c <= ${SINGLE_COLUMNS} or (c - ${SINGLE_COLUMNS}) % 2 = 1),
        slots as (
          select s.*, t as tier, row_number() over (partition by s.long order by s.area_id, s.row_index, s.column_index, t) as rank
          from stacks s cross join lateral generate_series(1, s.fill) t),
        yard as (
          select c.id, c.container_number, c.gate_in_at, c.dispatched_at, ${shifts(`c.id - ${C0}`)} as shifts,
            z.length_feet > 20 as long, row_number() over (partition by z.length_feet > 20 order by c.id) as rank
          from containers c join container_sizes z on z.id = c.size_id
          where c.id > ${C0} and c.dispatched_at is null and c.voided_at is null),
        placed as (
          select y.id, y.container_number, y.gate_in_at, y.dispatched_at, y.shifts, y.long, s.area_id, s.row_index,
            s.column_index, s.tier, s.area || '_' || s.row_index || '_' || s.column_index || '_' || s.tier as name
          from yard y join slots s on s.long = y.long and s.rank = y.rank),
        positions as (
          insert into container_positions (area_id, row_index, column_index, tier, container_id)
          select p.area_id, p.row_index, p.column_index + o, p.tier, p.id
          from placed p cross join lateral generate_series(0, case when p.long then 1 else 0 end) o
          returning 1)
        ${movementsOf(`select id, container_number, gate_in_at, dispatched_at, shifts, area_id, row_index, column_index, tier, name from placed`)}`);
      const unplaced = await num(`select count(*)::int from containers c where c.id > ${C0} and c.dispatched_at is null
          and not exists (select 1 from container_positions p where p.container_id = c.id)`);
      if (unplaced) throw new Error(`history: ${unplaced} visits in the yard found no slot`);
    }),
  );

  // 5. Trucks: one per container gate-in; vehicle gate-ins for dispatched boxes (every k-th).
  const dispatchedCount = await num(
    `select count(*)::int from containers where id > ${C0} and dispatched_at is not null`,
  );
  const every = Math.max(1, Math.floor(dispatchedCount / vehicleVisits));
  const plate = (id: string) => `'MH' || lpad((${h(id, 20)} % 48 + 1)::text, 2, '0')
      || chr((65 + ${h(id, 21)} % 26)::int) || chr((65 + ${h(id, 22)} % 26)::int) || lpad((${h(id, 23)} % 10000)::text, 4, '0')`;
  const gates = `gates_in as (select array_agg(id order by id) as ids from gates where type = 'IN'),
    gates_out as (select array_agg(id order by id) as ids from gates where type = 'OUT')`;
  await step('trailers', () =>
    counted('trailers', async () => {
      for (let from = C0 + 1; from <= lastId; from += chunk) {
        const to = Math.min(lastId, from + chunk - 1);
        await sql(`with ${gates}
          insert into trailers (id, trailer_number, trailer_tag_id, type, activity_group, gate_id, container_numbers,
            entered_by, entry_at, out_at, dispatch_mode, dispatched_by)
          select ${T0} + (c.id - ${C0}), ${plate('c.id')}, 'HT' || (${T0} + c.id - ${C0}),
            (array['Import', 'Export', 'Empty Return', 'Transhipment'])[1 + ${h('c.id', 24)} % 4], 'CONTAINER GATE-IN',
            gates_in.ids[1 + c.id % array_length(gates_in.ids, 1)], array[c.container_number], 'gatein', c.gate_in_at,
            case when c.gate_in_at + (20 + ${h('c.id', 25)} % 70) * interval '1 minute' < ${end}
                 then c.gate_in_at + (20 + ${h('c.id', 25)} % 70) * interval '1 minute' end,
            'Empty', 'gatein'
          from containers c cross join gates_in where c.id between ${from} and ${to}`);
        await sql(`with ${gates}
          insert into trailers (id, trailer_number, trailer_tag_id, trailer_type, type, activity_group, gate_id,
            container_numbers, entered_by, entry_at, out_at, dispatch_mode, dispatched_by)
          select ${T0 + lastId - C0} + (c.id - ${C0}), ${plate('c.id + 7')}, 'HV' || c.id, 'Pickup',
            (array['Loaded Delivery', 'Empty Delivery', 'De-stuff Delivery'])[1 + ${h('c.id', 26)} % 3], 'VEHICLE GATE-IN',
            gates_in.ids[1 + c.id % array_length(gates_in.ids, 1)], array[c.container_number], 'gatein',
            greatest(c.gate_in_at, c.dispatched_at - (30 + ${h('c.id', 27)} % 90) * interval '1 minute'), c.dispatched_at,
            'Loaded', 'gateout'
          from containers c cross join gates_in
          where c.id between ${from} and ${to} and c.dispatched_at is not null and c.id % ${every} = 0`);
      }
      await sql(`select setval(pg_get_serial_sequence('trailers', 'id'), (select max(id) from trailers))`);
    }),
  );

  // 6. The gate's transactions: gateIn per visit, dispatch per dispatched visit, trailerGateIn per
  // vehicle visit.
  await step('gate_transactions', () =>
    counted('gate_transactions', async () => {
      for (let from = C0 + 1; from <= lastId; from += chunk) {
        const to = Math.min(lastId, from + chunk - 1);
        await sql(`with ${gates}
          insert into gate_transactions (request_id, kind, gate_id, user_name, visit_id, answer, committed_at)
          select 'h-in-' || c.id, 'gateIn', gates_in.ids[1 + c.id % array_length(gates_in.ids, 1)], 'gatein',
            ${T0} + (c.id - ${C0}),
            jsonb_build_object('responsestatus', 'success', 'visitId', ${T0} + (c.id - ${C0})), c.gate_in_at
          from containers c cross join gates_in where c.id between ${from} and ${to}
          union all
          select 'h-out-' || c.id, 'dispatch', gates_out.ids[1 + c.id % array_length(gates_out.ids, 1)], 'gateout',
            case when c.id % ${every} = 0 then ${T0 + lastId - C0} + (c.id - ${C0}) end,
            jsonb_build_object('responsestatus', 'success', 'dispatched', true, 'containerNumber', c.container_number),
            c.dispatched_at
          from containers c cross join gates_out where c.id between ${from} and ${to} and c.dispatched_at is not null
          union all
          select 'h-tr-' || t.id, 'trailerGateIn', t.gate_id, 'gatein', t.id,
            jsonb_build_object('responsestatus', 'success', 'visitId', t.id), t.entry_at
          from trailers t where t.id between ${T0 + lastId - C0 + from - C0} and ${T0 + lastId - C0 + to - C0}`);
      }
    }),
  );

  // 7. Machine moves: the gate-in moves (the offloading a machine did) and the machine shifts.
  const lastMove = await num(`select coalesce(max(id), ${M0})::bigint from container_movements`);
  const moveChunk = chunk * 6;
  const machineMoves = `m.id between $from and $to and m.container_id > ${C0}
      and (m.source = 'machine' or (m.source = 'gate' and m.from_location is null))`;
  const machineOf = `coalesce(m.device, fleet.names[1 + m.id % array_length(fleet.names, 1)])`;
  const open = `m.moved_at > ${end} - interval '30 minutes'`;
  const ranges = () => {
    const list: { from: number; to: number }[] = [];
    for (let from = M0 + 1; from <= lastMove; from += moveChunk)
      list.push({ from, to: Math.min(lastMove, from + moveChunk - 1) });
    return list;
  };
  if (withEvents)
    await step('machine_events (pick and drop)', () =>
      counted('machine_events', async () => {
        for (const { from, to } of ranges()) {
          const where = machineMoves.replace('$from', String(from)).replace('$to', String(to));
          await sql(`with ${machines}
            insert into machine_events (id, machine_id, kind, tag_id, container_number, height, message_id, occurred_at)
            select ${E0} + 2 * (m.id - ${M0}) - 1 + e, fleet.ids[array_position(fleet.names, ${machineOf})],
              case when e = 0 then 'pick' else 'drop' end, (900000000 + m.container_id - ${C0})::text, m.container_number,
              case when e = 1 then m.to_tier end, 'h' || m.id || case when e = 0 then 'p' else 'd' end,
              case when e = 0 then m.moved_at - (60 + ${h('m.id', 28)} % 240) * interval '1 second' else m.moved_at end
            from container_movements m cross join fleet cross join generate_series(0, 1) e where ${where}`);
        }
        await sql(
          `select setval(pg_get_serial_sequence('machine_events', 'id'), (select max(id) from machine_events))`,
        );
      }),
    );

  // 8. Tasks: one per machine move, completed by the machine's drop.
  await step('tasks', () =>
    counted('tasks', async () => {
      for (const { from, to } of ranges()) {
        const where = machineMoves.replace('$from', String(from)).replace('$to', String(to));
        await sql(`with ${machines}
          insert into tasks (container_id, container_number, task_type, delivery_mode, from_location, to_location,
            to_location_details, assigned_to_machine, visit_id, source, created_by, generated_at, completed_at,
            completed_by_machine, completed_by_event_id)
          select m.container_id, m.container_number,
            case when m.from_location is null then 'Offloading'
                 else (array['Grounding', 'Examination', 'Empty Placement', 'Weighbridge', 'LCL Placement', 'Others'])[1 + ${h('m.id', 29)} % 6] end,
            (array['Loaded', 'Empty', 'Crane', 'ForkLift'])[1 + ${h('m.id', 30)} % 4],
            coalesce(m.from_location, 'Trailer'), m.to_location, m.to_location,
            case when ${h('m.id', 31)} % 10 = 0 then 'ALL' else ${machineOf} end,
            case when m.from_location is null then ${T0} + (m.container_id - ${C0}) end,
            case when m.from_location is null then 'gate' when ${h('m.id', 32)} % 3 = 0 then 'user' else 'planning' end,
            case when m.from_location is null then 'gatein' else 'operator' end,
            case when m.from_location is null then least(m.moved_at, (select gate_in_at from containers where id = m.container_id))
                 else m.moved_at - (5 + ${h('m.id', 33)} % 35) * interval '1 minute' end,
            case when not (${open}) then m.moved_at end,
            case when not (${open}) then ${machineOf} end,
            ${withEvents ? `case when not (${open}) then ${E0} + 2 * (m.id - ${M0}) end` : 'null'}
          from container_movements m cross join fleet where ${where}`);
      }
    }),
  );

  // 9. Statistics (PostgreSQL: vacuum too, as autovacuum would within minutes of such a load).
  await step('analyze', async () => {
    await sql(
      `analyze containers, container_positions, container_movements, trailers, gate_transactions, tasks, machine_events`,
    );
    return null;
  });

  const counts: Record<string, number> = {};
  for (const table of [
    'containers',
    'container_positions',
    'container_movements',
    'trailers',
    'gate_transactions',
    'tasks',
    'machine_events',
  ])
    counts[table] = await num(`select count(*)::int from ${table}`);
  const inYardNow = await num(`select count(*)::int from containers where dispatched_at is null and voided_at is null`);
  const seconds = (performance.now() - started) / 1000;
  log(
    `history: scale ${scale} seeded in ${fmt(seconds, 1)} s; ${fmt(inYardNow)} containers in the yard; ` +
      Object.entries(counts)
        .map(([table, n]) => `${table} ${fmt(n)}`)
        .join(', '),
  );
  return { seconds, steps, counts, inYard: inYardNow, benchAreas: areaCount };
}
