import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { EngineJobStatus, EnginePlacement, QueuedSearchField } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { rowsOf } from '../../db/bulk-insert';
import { containerSizes, linerInfos, linerPrefixes } from '../../db/schema';
import { planContainers, planningEngineRuns, planningParams, planningSlotGroupCells, plans } from './planning.table';

export type PlanRow = typeof plans.$inferSelect;
export type PlanningParamRow = typeof planningParams.$inferSelect;
export type EngineRunRow = typeof planningEngineRuns.$inferSelect;

// A queued container as the database has it (spec 2 §3 Queued container): an open pre-advice, or a
// planned container (a plan's reservation) whose pre-advice is gone. Where a planned one stands
// (its planned slot) is named by the service.
export interface QueuedRow {
  containerNumber: string;
  igm: string | null;
  item: string | null;
  jobOrderNumber: string | null;
  liner: string | null;
  linerId: number | null;
  category: string | null;
  categoryId: number | null;
  processId: number | null;
  typeId: number | null;
  sizeId: number;
  size: string;
  lengthFeet: number;
  expectedAt: Date | null;
  // The planned row, when it has one: its container, plan, order, reason and place.
  plannedId: number | null;
  planId: number | null;
  planName: string | null;
  planningOrder: number | null;
  slotReason: string | null;
  expectedRehandles: number | null;
  areaId: number | null;
  rowIndex: number | null;
  columnIndex: number | null;
  tier: number | null;
  cellId: number | null;
}

export interface QueuedFilter {
  searchBy?: QueuedSearchField | undefined;
  query?: string | undefined;
  includePlanned: boolean;
  // These containers only (a plan's save, the engine's run over chosen containers).
  numbers?: string[];
  // Reservations only (the plans' containers).
  plannedOnly?: boolean;
  limit: number;
}

const likeText = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

// The search of the selector (spec 2 §2): by container number, IGM, job order or liner (its name or
// code); without a field, any of them.
function searchCondition(filter: QueuedFilter): SQL {
  const text = filter.query?.trim();
  if (!text) return sql`true`;
  const like = likeText(text);
  const by: Record<QueuedSearchField, SQL> = {
    containerNumber: sql`q.container_number ilike ${like}`,
    igmNumber: sql`q.igm ilike ${like}`,
    jobOrderNumber: sql`q.job_order_number ilike ${like}`,
    liner: sql`(q.liner ilike ${like} or q.liner_code ilike ${like})`,
  };
  if (filter.searchBy) return by[filter.searchBy];
  return sql`(${sql.join(Object.values(by), sql` or `)})`;
}

// Where a queued container's reservation stands: its area, row, first column and tier, and the cell
// of that column.
const STANDING = sql.raw(`
  left join lateral (
    select cp.area_id, cp.row_index, min(cp.column_index) as column_index, cp.tier
    from container_positions cp where cp.container_id = q.planned_id
    group by cp.area_id, cp.row_index, cp.tier limit 1
  ) st on true
  left join yard_rows yr on yr.area_id = st.area_id and yr.index = st.row_index
  left join yard_columns yc on yc.area_id = st.area_id and yc.index = st.column_index
  left join yard_cells ce on ce.row_id = yr.id and ce.column_id = yc.id`);

// The planned rows (active reservations) with their plan, by number.
const PLANNED = sql.raw(`
  select c.id, c.container_number, l.plan_id, l.planning_order, l.slot_reason, l.expected_rehandles
  from containers c left join plan_containers l on l.container_id = c.id
  where c.planned and c.dispatched_at is null and c.voided_at is null`);
// Planned rows are few (the plans' open reservations): a partial index keeps them apart from the
// yard's history (containers_planned_idx).

// A json or json_agg column: PGlite gives it parsed, postgres.js as text.
const fromJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

// What the engine reads of a container in the yard, standing or dropping: the liner by the owner
// code, process, category, and when it came (a reservation: when its pre-advice expects it), as
// epoch milliseconds.
export interface ContainerFacts {
  containerId: number;
  containerNumber: string;
  sizeId: number;
  linerId: number | null;
  processId: number | null;
  categoryId: number | null;
  igm: string | null;
  arrivedAt: number;
}
// The engine's rows of the yard (boxes, yardState). A box: a container standing in the yard (a
// plan's reservation too), once, where it stands (a 40 ft box by its pair's first column).
interface BoxRow extends ContainerFacts {
  areaId: number;
  rowIndex: number;
  columnIndex: number;
  tier: number;
}
const boxesQuery = (where: SQL) => sql`select cp.area_id as "areaId", cp.row_index as "rowIndex",
    min(cp.column_index) as "columnIndex", cp.tier, c.id as "containerId",
    c.container_number as "containerNumber", c.size_id as "sizeId", lp.liner_id as "linerId",
    c.process_id as "processId", c.category_id as "categoryId", c.igm,
    round(extract(epoch from case when c.planned then greatest(now(), coalesce(pa.expected_from, now()))
      else c.gate_in_at end) * 1000)::float8 as "arrivedAt"
  from container_positions cp
  join containers c on c.id = cp.container_id
  left join liner_prefixes lp on lp.prefix = left(c.container_number, 4)
  left join pre_advices pa on c.planned and pa.container_number = c.container_number and pa.used_at is null
  ${where}
  group by cp.area_id, cp.row_index, cp.tier, c.id, lp.liner_id, pa.expected_from`;
const boxRows = (rows: BoxRow[]) =>
  rows.map((row) => ({ ...row, columnIndex: Number(row.columnIndex), arrivedAt: Number(row.arrivedAt) }));

// A pending drop: a container in the yard without a slot that a pending task takes to one (the
// gate's offloading), with its task's place.
interface DropRow extends ContainerFacts {
  toLocation: string;
}
const dropsQuery = (also: SQL) => sql`select distinct on (c.id) c.id as "containerId",
    c.container_number as "containerNumber", t.to_location as "toLocation", c.size_id as "sizeId",
    lp.liner_id as "linerId", c.process_id as "processId", c.category_id as "categoryId", c.igm,
    round(extract(epoch from c.gate_in_at) * 1000)::float8 as "arrivedAt"
  from tasks t
  join containers c on c.id = t.container_id
  left join liner_prefixes lp on lp.prefix = left(c.container_number, 4)
  where t.completed_at is null and t.to_location is not null
    and c.dispatched_at is null and c.voided_at is null and not c.planned
    and not exists (select 1 from container_positions cp where cp.container_id = c.id)
    ${also}
  order by c.id, t.generated_at desc`;
const dropRows = (rows: DropRow[]) => rows.map((row) => ({ ...row, arrivedAt: Number(row.arrivedAt) }));

export const planningRepository = {
  async queued(db: Database, filter: QueuedFilter): Promise<QueuedRow[]> {
    // The numbers asked for narrow both branches (a save's or a suggestion's few containers).
    const numbers = filter.numbers ? `{${filter.numbers.join(',')}}` : null;
    const rows = rowsOf<QueuedRow>(
      await db.execute(sql`
      with planned as (${PLANNED}),
      q as (
        -- Open pre-advices of containers not in the yard, with their reservation if planned.
        select pa.container_number, pa.igm, pa.item, pa.job_order_number, li.name as liner, li.code as liner_code,
          li.id as liner_id, cat.name as category, pa.category_id, pa.process_id, pa.type_id, pa.size_id,
          s.name as size, s.length_feet, pa.expected_from as expected_at, p.id as planned_id, p.plan_id,
          p.planning_order, p.slot_reason, p.expected_rehandles
        from pre_advices pa
        join container_sizes s on s.id = pa.size_id
        left join liner_infos li on li.id = pa.liner_id
        left join categories cat on cat.id = pa.category_id
        left join planned p on p.container_number = pa.container_number
        where pa.used_at is null
          ${numbers ? sql`and pa.container_number = any(${numbers}::text[])` : sql``}
          and not exists (select 1 from containers y where y.container_number = pa.container_number
            and y.dispatched_at is null and y.voided_at is null and not y.planned)
        union all
        -- Reservations whose pre-advice is gone (deleted, or planned by hand on the containers screen).
        select c.container_number, c.igm, c.item, null, li.name, li.code, li.id, cat.name, c.category_id,
          c.process_id, c.type_id, c.size_id, s.name, s.length_feet, null, p.id, p.plan_id, p.planning_order,
          p.slot_reason, p.expected_rehandles
        from planned p
        join containers c on c.id = p.id
        join container_sizes s on s.id = c.size_id
        left join liner_prefixes lp on lp.prefix = left(c.container_number, 4)
        left join liner_infos li on li.id = lp.liner_id
        left join categories cat on cat.id = c.category_id
        where not exists (select 1 from pre_advices pa where pa.container_number = c.container_number and pa.used_at is null)
          ${numbers ? sql`and c.container_number = any(${numbers}::text[])` : sql``}
      )
      select q.container_number as "containerNumber", q.igm, q.item, q.job_order_number as "jobOrderNumber",
        q.liner, q.liner_id as "linerId", q.category, q.category_id as "categoryId", q.process_id as "processId",
        q.type_id as "typeId", q.size_id as "sizeId", q.size, q.length_feet as "lengthFeet",
        q.expected_at as "expectedAt", q.planned_id as "plannedId", q.plan_id as "planId", pl.name as "planName",
        q.planning_order as "planningOrder", q.slot_reason as "slotReason",
        q.expected_rehandles as "expectedRehandles", st.area_id as "areaId", st.row_index as "rowIndex",
        st.column_index as "columnIndex", st.tier, ce.id as "cellId"
      from q
      left join plans pl on pl.id = q.plan_id
      ${STANDING}
      where ${searchCondition(filter)}
        ${filter.includePlanned ? sql`` : sql`and q.planned_id is null`}
        ${filter.plannedOnly ? sql`and q.planned_id is not null` : sql``}
      order by q.planning_order nulls last, q.expected_at nulls last, q.container_number
      limit ${filter.limit}`),
    );
    // Both drivers: timestamps may come back as text from a raw statement.
    return rows.map((row) => ({
      ...row,
      expectedAt: row.expectedAt === null ? null : new Date(row.expectedAt),
      expectedRehandles: row.expectedRehandles === null ? null : Number(row.expectedRehandles),
    }));
  },

  // Containers in the yard now (gated in, not planned) among these numbers.
  async inYard(db: Database, numbers: string[]): Promise<string[]> {
    if (!numbers.length) return [];
    const rows = rowsOf<{ containerNumber: string }>(
      await db.execute(sql`select container_number as "containerNumber" from containers
        where container_number = any(${`{${numbers.join(',')}}`}::text[])
          and dispatched_at is null and voided_at is null and not planned`),
    );
    return rows.map((row) => row.containerNumber);
  },

  plans: (db: Database) => db.select().from(plans).orderBy(desc(plans.createdAt), desc(plans.id)),

  async plan(db: Database, id: number, lock = false) {
    const query = db.select().from(plans).where(eq(plans.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async nameTaken(db: Database, name: string, exceptId?: number) {
    const [row] = await db
      .select({ id: plans.id })
      .from(plans)
      .where(
        and(
          sql`lower(${plans.name}) = lower(${name.trim()})`,
          exceptId === undefined ? undefined : sql`${plans.id} <> ${exceptId}`,
        ),
      );
    return row !== undefined;
  },

  async insertPlan(db: Database, values: typeof plans.$inferInsert) {
    const [row] = await db.insert(plans).values(values).returning();
    return row!;
  },

  async updatePlan(db: Database, id: number, values: Partial<typeof plans.$inferInsert>) {
    const [row] = await db
      .update(plans)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(plans.id, id))
      .returning();
    return row!;
  },

  async deletePlan(db: Database, id: number) {
    await db.delete(plans).where(eq(plans.id, id));
  },

  // The containers of a plan: still planned (not gated in, not voided) or gone in already.
  async members(db: Database, planId: number) {
    const rows = rowsOf<{ containerId: number; containerNumber: string; planned: boolean; voided: boolean }>(
      await db.execute(sql`select c.id as "containerId", c.container_number as "containerNumber", c.planned,
          c.voided_at is not null as voided
        from plan_containers l join containers c on c.id = l.container_id
        where l.plan_id = ${planId} order by l.planning_order, c.id`),
    );
    return rows;
  },

  // The plans that hold these planned containers (by container id).
  async plansOf(db: Database, containerIds: number[]) {
    if (!containerIds.length) return [];
    return db
      .select({ containerId: planContainers.containerId, planId: planContainers.planId, name: plans.name })
      .from(planContainers)
      .innerJoin(plans, eq(plans.id, planContainers.planId))
      .where(inArray(planContainers.containerId, containerIds));
  },

  async link(
    db: Database,
    rows: {
      planId: number;
      containerId: number;
      planningOrder: number;
      slotReason: string | null;
      expectedRehandles: number | null;
    }[],
  ) {
    if (!rows.length) return;
    await db
      .insert(planContainers)
      .values(rows)
      .onConflictDoUpdate({
        target: [planContainers.planId, planContainers.containerId],
        set: {
          planningOrder: sql`excluded.planning_order`,
          slotReason: sql`excluded.slot_reason`,
          expectedRehandles: sql`excluded.expected_rehandles`,
        },
      });
  },

  async unlink(db: Database, planId: number, containerIds: number[]) {
    if (!containerIds.length) return;
    await db
      .delete(planContainers)
      .where(and(eq(planContainers.planId, planId), inArray(planContainers.containerId, containerIds)));
  },

  // The master data's container sizes (a size param's values).
  sizes: (db: Database) =>
    db
      .select({ id: containerSizes.id, name: containerSizes.name, lengthFeet: containerSizes.lengthFeet })
      .from(containerSizes)
      .orderBy(asc(containerSizes.lengthFeet), asc(containerSizes.name)),

  // Every owner code's liner (liner_prefixes, spec 1 §9): a few rows a liner, kept by the caller
  // with the master-data version (master_data_bump on liner_prefixes and liner_infos).
  async linersByPrefix(db: Database) {
    const rows = await db
      .select({ prefix: linerPrefixes.prefix, id: linerInfos.id, name: linerInfos.name })
      .from(linerPrefixes)
      .innerJoin(linerInfos, eq(linerInfos.id, linerPrefixes.linerId));
    return new Map(rows.map((row) => [row.prefix, { id: row.id, name: row.name }]));
  },

  params: (db: Database) => db.select().from(planningParams).orderBy(asc(planningParams.id)),

  async param(db: Database, id: number) {
    const [row] = await db.select().from(planningParams).where(eq(planningParams.id, id));
    return row;
  },

  // What a suggestion needs besides the yard, in one statement (each is a few rows, and a statement
  // is most of its own cost on PGlite): the sizes, the params, the slot groups' cells and the IN
  // gates' positions (where machines come from).
  async engineSettings(db: Database) {
    const [row] = rowsOf<{
      sizes: { id: number; name: string; lengthFeet: number }[];
      params: (typeof planningParams.$inferSelect)[];
      groupCells: { paramId: number; value: string; cellId: number }[];
      gates: { latitude: number; longitude: number }[];
    }>(
      await db.execute(sql`select
          coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name, 'lengthFeet', s.length_feet)
            order by s.length_feet, s.name) from container_sizes s), '[]') as sizes,
          coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name, 'dataProvider', p.data_provider,
            'allowedStrings', p.allowed_strings, 'required', p.required) order by p.id) from planning_params p), '[]')
            as params,
          coalesce((select json_agg(json_build_object('paramId', g.param_id, 'value', g.value, 'cellId', g.cell_id))
            from planning_slot_group_cells g), '[]') as "groupCells",
          coalesce((select json_agg(json_build_object('latitude', position_lat, 'longitude', position_long))
            from gates where type = 'IN' and position_lat is not null and position_long is not null), '[]') as gates`),
    );
    return {
      sizes: fromJson(row!.sizes),
      params: fromJson(row!.params),
      groupCells: fromJson(row!.groupCells),
      gates: fromJson(row!.gates),
    };
  },

  // The cells each CUSTOM value of the params names (its slot group).
  slotGroupCells: (db: Database) =>
    db
      .select({
        paramId: planningSlotGroupCells.paramId,
        value: planningSlotGroupCells.value,
        cellId: planningSlotGroupCells.cellId,
      })
      .from(planningSlotGroupCells),

  // Every cell of the layout with its area, row and column indexes and its name.
  async cells(db: Database) {
    return rowsOf<{ id: number; areaId: number; rowIndex: number; columnIndex: number; fullName: string }>(
      await db.execute(sql`select ce.id, ce.area_id as "areaId", r.index as "rowIndex", co.index as "columnIndex",
          ce.full_name as "fullName"
        from yard_cells ce join yard_rows r on r.id = ce.row_id join yard_columns co on co.id = ce.column_id`),
    );
  },

  // Every box standing in the yard (BoxRow): thousands of rows.
  async boxes(db: Database) {
    return boxRows(rowsOf<BoxRow>(await db.execute(boxesQuery(sql``))));
  },

  // What the boxes as read depend on, in one snapshot: the inventory version, the master data's
  // (liner prefixes) and the layout's. With a version (`since`), also the containers changed after
  // it (container_changes) and, when there are at most `limit` of them, their boxes and their
  // pending drops as they are now: a suggestion brings its copy of the yard up to date in one
  // statement (each statement waits its turn behind the device pipeline's writes on PGlite).
  async yardState(db: Database, since: number | null, limit = 0) {
    const [row] = rowsOf<{
      version: number;
      masterVersion: number;
      layoutVersion: number;
      changed: number[] | null;
      boxes: BoxRow[] | string | null;
      drops: DropRow[] | string | null;
    }>(
      // The changed ids once (materialized: inlined, the array would be read again in each use).
      await db.execute(sql`with ch as materialized (select ${
        since === null
          ? sql`null::int[]`
          : sql`array(select cc.container_id from container_changes cc where cc.version > ${since})`
      } as ids)
        select i.version::float8 as version, i.layout_version::float8 as "layoutVersion",
          (select m.version from master_data_state m where m.id = 1)::float8 as "masterVersion",
          ch.ids as changed,
          case when cardinality(ch.ids) between 1 and ${limit}::int then coalesce((select json_agg(b)
            from (${boxesQuery(sql`where cp.container_id = any(ch.ids)`)}) b), '[]') end as boxes,
          case when cardinality(ch.ids) between 1 and ${limit}::int then coalesce((select json_agg(d)
            from (${dropsQuery(sql`and t.container_id = any(ch.ids)`)}) d), '[]') end as drops
        from inventory_state i, ch
        where i.id = 1`),
    );
    const changed = row!.changed ?? [];
    const boxes = row!.boxes === null ? null : fromJson(row!.boxes);
    const drops = row!.drops === null ? null : fromJson(row!.drops);
    return {
      version: Number(row!.version),
      masterVersion: Number(row!.masterVersion),
      layoutVersion: Number(row!.layoutVersion),
      changed,
      // The changed containers' boxes and drops; null when none changed or more than `limit` did.
      delta: boxes && drops ? { boxes: boxRows(boxes), drops: dropRows(drops) } : null,
    };
  },

  // The height of every stack (area, row, column) that holds boxes.
  async heights(db: Database) {
    return rowsOf<{ areaId: number; rowIndex: number; columnIndex: number; height: number }>(
      await db.execute(sql`select area_id as "areaId", row_index as "rowIndex", column_index as "columnIndex",
          max(tier) as height from container_positions group by area_id, row_index, column_index`),
    );
  },

  // Every pending drop (DropRow): the slot is the container's until the machine drops it there, so
  // the engine keeps it for it.
  async pendingDrops(db: Database) {
    return dropRows(rowsOf<DropRow>(await db.execute(dropsQuery(sql``))));
  },

  // The dwell (gate-in to dispatch) of the containers dispatched in the last `days` days: the median
  // and spread of its logarithm per liner, process and category, per liner, and over all, with how
  // many containers each holds (the departure estimates of the engine; departures.ts).
  async dwellStatistics(db: Database, days: number) {
    const rows = rowsOf<{
      linerId: number | null;
      processId: number | null;
      categoryId: number | null;
      level: number;
      samples: number;
      median: number;
      spread: number;
    }>(
      await db.execute(sql`with d as (
          select lp.liner_id, c.process_id, c.category_id,
            ln(greatest(extract(epoch from c.dispatched_at - c.gate_in_at), 3600)) as l
          from containers c left join liner_prefixes lp on lp.prefix = left(c.container_number, 4)
          where c.dispatched_at >= now() - make_interval(days => ${days}) and c.voided_at is null and not c.planned
        )
        select liner_id as "linerId", process_id as "processId", category_id as "categoryId",
          grouping(liner_id, process_id, category_id) as level, count(*)::int as samples,
          percentile_cont(0.5) within group (order by l) as median, coalesce(stddev_samp(l), 0) as spread
        from d group by grouping sets ((liner_id, process_id, category_id), (liner_id), ())`),
    );
    return rows.map((row) => ({
      ...row,
      level: Number(row.level),
      samples: Number(row.samples),
      median: Number(row.median),
      spread: Number(row.spread),
    }));
  },

  async insertRun(db: Database, values: typeof planningEngineRuns.$inferInsert) {
    const [row] = await db.insert(planningEngineRuns).values(values).returning();
    return row!;
  },

  async run(db: Database, id: string, lock = false) {
    const query = db.select().from(planningEngineRuns).where(eq(planningEngineRuns.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async updateRun(
    db: Database,
    id: string,
    values: Partial<{
      status: EngineJobStatus;
      progress: number;
      placements: EnginePlacement[];
      unplaced: { containerNumber: string; reason: string }[];
      planId: number | null;
      error: string | null;
      startedAt: Date;
      finishedAt: Date;
    }>,
  ) {
    const [row] = await db.update(planningEngineRuns).set(values).where(eq(planningEngineRuns.id, id)).returning();
    return row;
  },

  // The runs whose result was applied as this plan (rolled back with it).
  runsOfPlan: (db: Database, planId: number) =>
    db.select().from(planningEngineRuns).where(eq(planningEngineRuns.planId, planId)),
};
