import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  taskStatusOf,
  type GeneratedTask,
  type ItvTask,
  type ItvTaskSortField,
  type SortOrder,
  type Task,
  type TaskCompletionStatus,
  type TaskSortField,
  type TaskSource,
  type YardException,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { containers, containerSizes } from '../../db/schema';
import { containsPattern } from '../../lib/like';
import { itvTasks, tasks, taskSearchText, yardExceptions } from './tasks.table';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
export type ItvTaskRow = typeof itvTasks.$inferSelect;
export type NewItvTaskRow = typeof itvTasks.$inferInsert;
export type YardExceptionRow = typeof yardExceptions.$inferSelect;
export type NewYardExceptionRow = typeof yardExceptions.$inferInsert;

// A task row with what the list shows of its parent (spec 3 §3 parentTaskCtrNumber, …CtrSize).
export interface TaskView {
  task: TaskRow;
  parentNumber: string | null;
  parentSize: string | null;
}

const time = (date: Date | null) => date?.getTime() ?? null;

export function toTask({ task: row, parentNumber, parentSize }: TaskView): Task {
  const completionDate = time(row.completedAt);
  const startedAt = time(row.startedAt);
  return {
    taskId: row.id,
    containerId: row.containerId,
    containerNumber: row.containerNumber,
    taskType: row.taskType,
    deliveryMode: row.deliveryMode,
    fromLocation: row.fromLocation,
    toLocation: row.toLocation,
    toLocationDetails: row.toLocationDetails,
    assignedToMachine: row.assignedToMachine,
    onPriority: row.onPriority,
    parentTaskId: row.parentTaskId,
    parentTaskCtrNumber: parentNumber,
    parentTaskCtrSize: parentSize,
    generationDate: row.generatedAt.getTime(),
    generateDate: row.generatedAt.getTime(),
    completionDate,
    completedBy: row.completedBy,
    completedByMachine: row.completedByMachine,
    startedAt,
    startedByMachine: row.startedByMachine,
    problem: row.problem,
    status: taskStatusOf({ completionDate, startedAt, problem: row.problem }),
    source: row.source as TaskSource,
    visitId: row.visitId,
    createdBy: row.createdBy,
  };
}

export function toGeneratedTask(row: TaskRow): GeneratedTask {
  return {
    taskId: row.id,
    containerNumber: row.containerNumber,
    taskType: row.taskType,
    deliveryMode: row.deliveryMode,
    fromLocation: row.fromLocation,
    toLocation: row.toLocation,
    toLocationDetails: row.toLocationDetails,
    assignedToMachine: row.assignedToMachine,
    generationDate: row.generatedAt.getTime(),
  };
}

export function toItvTask(row: ItvTaskRow): ItvTask {
  return {
    taskId: row.id,
    ctrId: row.containerId,
    trailer: row.trailer,
    containerNumber: row.containerNumber,
    size: row.size,
    taskType: row.taskType,
    fromLocation: row.fromLocation,
    toLocation: row.toLocation,
    toLocationDetails: row.toLocationDetails,
    parentTaskId: row.parentTaskId,
    generationDate: row.generatedAt.getTime(),
    completedDate: time(row.completedAt),
    createdBy: row.createdBy,
  };
}

export function toYardException(row: YardExceptionRow, machineName: string | null): YardException {
  return {
    id: row.id,
    kind: row.kind as YardException['kind'],
    eventKind: row.eventKind as YardException['eventKind'],
    machineId: row.machineId,
    machineName,
    containerNumber: row.containerNumber,
    tagId: row.tagId,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    height: row.height,
    message: row.message,
    occurredAt: row.occurredAt.getTime(),
    resolvedAt: time(row.resolvedAt),
    resolvedBy: row.resolvedBy,
    resolution: row.resolution,
  };
}

const parent = alias(tasks, 'parent_task');
const parentContainer = alias(containers, 'parent_container');

// Rows with their parent's number and size (three left joins on primary keys, for a page's rows).
function selectViews(db: Database) {
  return db
    .select({ task: tasks, parentNumber: parent.containerNumber, parentSize: containerSizes.name })
    .from(tasks)
    .leftJoin(parent, eq(parent.id, tasks.parentTaskId))
    .leftJoin(parentContainer, eq(parentContainer.id, parent.containerId))
    .leftJoin(containerSizes, eq(containerSizes.id, parentContainer.sizeId));
}

// The page's rows with their parents' number and size, read in a second query only when a row has
// a parent: the list's own statement then stays on one table, which PostgreSQL plans in a fraction
// of the three joins' time. Its plan is not cached (LIMIT and OFFSET are parameters, so the generic
// plan never looks as cheap as a custom one), and with the joins PGlite spent 3 ms planning each
// call (docs/performance.md, the tasks bench).
async function withParents(db: Database, rows: TaskRow[]): Promise<TaskView[]> {
  const parentIds = [...new Set(rows.flatMap((row) => (row.parentTaskId === null ? [] : [row.parentTaskId])))];
  const parents = parentIds.length
    ? await db
        .select({ id: tasks.id, number: tasks.containerNumber, size: containerSizes.name })
        .from(tasks)
        .leftJoin(containers, eq(containers.id, tasks.containerId))
        .leftJoin(containerSizes, eq(containerSizes.id, containers.sizeId))
        .where(inArray(tasks.id, parentIds))
    : [];
  const byId = new Map(parents.map((parentRow) => [parentRow.id, parentRow]));
  return rows.map((task) => {
    const found = task.parentTaskId === null ? undefined : byId.get(task.parentTaskId);
    return { task, parentNumber: found?.number ?? null, parentSize: found?.size ?? null };
  });
}

const TASK_SORT_COLUMNS = {
  generateDate: tasks.generatedAt,
  containerNumber: tasks.containerNumber,
  taskType: tasks.taskType,
  deliveryMode: tasks.deliveryMode,
  fromLocation: tasks.fromLocation,
  toLocation: tasks.toLocation,
  assignedToMachine: tasks.assignedToMachine,
  completionDate: tasks.completedAt,
} as const satisfies Record<TaskSortField, unknown>;

const ITV_SORT_COLUMNS = {
  generationDate: itvTasks.generatedAt,
  containerNumber: itvTasks.containerNumber,
  trailer: itvTasks.trailer,
  taskType: itvTasks.taskType,
  fromLocation: itvTasks.fromLocation,
  toLocation: itvTasks.toLocation,
  completedDate: itvTasks.completedAt,
} as const satisfies Record<ItvTaskSortField, unknown>;

export interface TaskListFilter {
  terms: string[];
  includeCompleted: boolean;
  sortBy: TaskSortField;
  sortOrder: SortOrder;
  offset: number;
  limit: number | null;
}

export interface ItvTaskListFilter extends Omit<TaskListFilter, 'sortBy'> {
  sortBy: ItvTaskSortField;
}

// Every search text must match somewhere in the task's texts (spec 3 §7: terms joined by '&*'),
// through the trigram index on the one expression of tasks.table.ts.
function taskWhere(filter: Pick<TaskListFilter, 'terms' | 'includeCompleted'>): SQL | undefined {
  const text = taskSearchText(tasks);
  return and(
    filter.includeCompleted ? undefined : isNull(tasks.completedAt),
    ...filter.terms.map((term) => sql`${text} ilike ${containsPattern(term)}`),
  );
}

export interface TaskExportFilter {
  from: Date;
  to: Date;
  machines: string[];
  deliveryModes: string[];
  taskTypes: string[];
  status: TaskCompletionStatus;
}

const lowerIn = (column: SQL | AnyPgColumn, values: string[]) =>
  values.length
    ? inArray(
        sql`lower(${column})`,
        values.map((value) => value.trim().toLowerCase()),
      )
    : undefined;

export const tasksRepository = {
  async insert(db: Database, rows: NewTaskRow[]) {
    if (!rows.length) return [];
    return db.insert(tasks).values(rows).returning();
  },

  // The list (spec 3 §7): a page of rows and the count, sorted (ties by id, the same way).
  async page(db: Database, filter: TaskListFilter) {
    const where = taskWhere(filter);
    const column = TASK_SORT_COLUMNS[filter.sortBy];
    const direction = filter.sortOrder === 'asc' ? asc : desc;
    // The count rides along with the rows (a subquery PostgreSQL runs once): one statement a page.
    // Inside it "tasks" is the subquery's own table, so the same condition counts every match; no
    // condition at all (completed included, no search) counts every row.
    const rows = db
      .select({
        task: tasks,
        total: sql<number>`(select count(*) from ${tasks} where ${where ?? sql`true`})`.mapWith(Number),
      })
      .from(tasks)
      .where(where)
      .orderBy(direction(column), direction(tasks.id))
      .offset(filter.offset);
    const list = await (filter.limit === null ? rows : rows.limit(filter.limit));
    // An empty page says nothing of the count unless it is the first one.
    const total = list.length
      ? list[0]!.total
      : filter.offset === 0
        ? 0
        : ((await db.select({ value: count() }).from(tasks).where(where))[0]?.value ?? 0);
    return {
      rows: await withParents(
        db,
        list.map((row) => row.task),
      ),
      total,
    };
  },

  async views(db: Database, ids: number[]): Promise<TaskView[]> {
    if (!ids.length) return [];
    return selectViews(db).where(inArray(tasks.id, ids)).orderBy(asc(tasks.id));
  },

  // The rows, locked for the change that reads them (complete, transfer, delete, edit).
  lock: (db: Database, ids: number[]) =>
    ids.length
      ? db.select().from(tasks).where(inArray(tasks.id, ids)).orderBy(asc(tasks.id)).for('update')
      : Promise.resolve([] as TaskRow[]),

  // Open tasks with the duplicate check's fields (spec 3 §5); the service compares the key.
  openOfContainers: (db: Database, numbers: string[]) =>
    numbers.length
      ? db
          .select()
          .from(tasks)
          .where(and(inArray(tasks.containerNumber, numbers), isNull(tasks.completedAt)))
          .orderBy(asc(tasks.id))
      : Promise.resolve([] as TaskRow[]),

  // Serialises saves of tasks for the same containers until the transaction ends, so two saves of
  // one task cannot both pass the duplicate check.
  async lockContainerNumbers(db: Database, numbers: string[]) {
    for (const number of [...new Set(numbers)].sort())
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${'tasks:' + number}))`);
  },

  async update(db: Database, id: number, values: Partial<NewTaskRow>) {
    const [row] = await db.update(tasks).set(values).where(eq(tasks.id, id)).returning();
    return row;
  },

  async updateMany(db: Database, ids: number[], values: Partial<NewTaskRow>) {
    if (!ids.length) return [];
    return db.update(tasks).set(values).where(inArray(tasks.id, ids)).returning();
  },

  async delete(db: Database, ids: number[]) {
    if (!ids.length) return [];
    return db.delete(tasks).where(inArray(tasks.id, ids)).returning({ id: tasks.id });
  },

  // Machines' queues: their open tasks and ALL's (the service orders and splits them).
  async machineQueue(db: Database, machineNames: string[], allMachines: string) {
    const rows = await db
      .select()
      .from(tasks)
      .where(
        and(
          isNull(tasks.completedAt),
          inArray(sql`lower(${tasks.assignedToMachine})`, [
            ...new Set([...machineNames, allMachines].map((name) => name.toLowerCase())),
          ]),
        ),
      );
    return withParents(db, rows);
  },

  // The heads of machines' queues as their MQTT topics carry them (the machine-tasks publisher):
  // per machine name, its first `limit` open tasks in queue order (machineQueueOrder within one
  // name: started first, priority first, the oldest first) and how many it has. The open tasks of
  // these names are numbered and counted in the database in one pass, and only the heads come back
  // as rows. Reading and mapping every open task each round grew with the tasks a yard leaves open:
  // with 9,000 open and 200 machines on PGlite, 130–170 ms a round against 20–22 ms so. (A LIMIT per
  // name was no faster there, and without fresh statistics PGlite planned it as a scan of every open
  // task per name.)
  async machineQueueHeads(db: Database, names: string[], limit: number) {
    const keys = [...new Set(names.map((name) => name.trim().toLowerCase()))];
    const machine = sql<string>`lower(${tasks.assignedToMachine})`;
    // Numbered on the narrow columns only; the heads' rows are joined to them.
    const numbered = db
      .select({
        id: tasks.id,
        machine: machine.as('machine'),
        rank: sql<number>`row_number() over (partition by ${machine}
          order by (${tasks.startedAt} is null), ${tasks.onPriority} desc nulls last, ${tasks.generatedAt}, ${tasks.id})`.as(
          'rank',
        ),
        total: sql<number>`count(*) over (partition by ${machine})`.mapWith(Number).as('total'),
      })
      .from(tasks)
      .where(and(isNull(tasks.completedAt), inArray(machine, keys)))
      .as('numbered');
    const rows = await db
      .select({ task: tasks, key: numbered.machine, total: numbered.total })
      .from(numbered)
      .innerJoin(tasks, eq(tasks.id, numbered.id))
      .where(lte(numbered.rank, limit))
      .orderBy(numbered.machine, numbered.rank);
    const views = await withParents(
      db,
      rows.map((row) => row.task),
    );
    // A name without open tasks has none.
    const queues = new Map<string, { total: number; heads: TaskView[] }>();
    rows.forEach((row, index) => {
      let queue = queues.get(row.key);
      if (!queue) queues.set(row.key, (queue = { total: row.total, heads: [] }));
      queue.heads.push(views[index]!);
    });
    return queues;
  },

  // The open task a machine's pick or drop finishes: its own first, then ALL's; the oldest first.
  async openForMachineEvent(db: Database, containerNumber: string, machineName: string, allMachines: string) {
    const [row] = await db
      .select()
      .from(tasks)
      .where(
        and(
          eq(tasks.containerNumber, containerNumber),
          isNull(tasks.completedAt),
          inArray(sql`lower(${tasks.assignedToMachine})`, [machineName.toLowerCase(), allMachines.toLowerCase()]),
        ),
      )
      .orderBy(sql`lower(${tasks.assignedToMachine}) = ${machineName.toLowerCase()} desc`, asc(tasks.generatedAt))
      .limit(1)
      .for('update');
    return row;
  },

  // The export (spec 3 §7 exportXls): generated in the range, of these machines, modes and types.
  exportRows: (db: Database, filter: TaskExportFilter) =>
    selectViews(db)
      .where(
        and(
          gte(tasks.generatedAt, filter.from),
          lt(tasks.generatedAt, filter.to),
          lowerIn(tasks.assignedToMachine, filter.machines),
          lowerIn(sql`coalesce(${tasks.deliveryMode}, '')`, filter.deliveryModes),
          lowerIn(tasks.taskType, filter.taskTypes),
          filter.status === 'Pending'
            ? isNull(tasks.completedAt)
            : filter.status === 'Completed'
              ? isNotNull(tasks.completedAt)
              : undefined,
        ),
      )
      .orderBy(desc(tasks.generatedAt), desc(tasks.id)),

  ofVisits: (db: Database, visitIds: number[]) =>
    visitIds.length
      ? db.select().from(tasks).where(inArray(tasks.visitId, visitIds)).orderBy(asc(tasks.id))
      : Promise.resolve([] as TaskRow[]),

  // Per visit: its tasks done and pending, and when the last one was done (truck turn time).
  async countsOfVisits(db: Database, visitIds: number[]) {
    if (!visitIds.length) return [];
    return db
      .select({
        visitId: sql<number>`${tasks.visitId}`.mapWith(Number),
        done: sql<number>`count(*) filter (where ${tasks.completedAt} is not null)`.mapWith(Number),
        pending: sql<number>`count(*) filter (where ${tasks.completedAt} is null)`.mapWith(Number),
        lastDoneAt: sql<Date | null>`max(${tasks.completedAt})`.mapWith((value: string | Date | null) =>
          value === null ? null : new Date(value),
        ),
      })
      .from(tasks)
      .where(and(inArray(tasks.visitId, visitIds)))
      .groupBy(tasks.visitId);
  },
};

export const itvTasksRepository = {
  async page(db: Database, filter: ItvTaskListFilter) {
    const text = sql`(${itvTasks.containerNumber} || chr(31) || ${itvTasks.trailer} || chr(31) || ${itvTasks.taskType} || chr(31) || ${itvTasks.fromLocation} || chr(31) || ${itvTasks.toLocation} || chr(31) || coalesce(${itvTasks.toLocationDetails}, ''))`;
    const where = and(
      filter.includeCompleted ? undefined : isNull(itvTasks.completedAt),
      ...filter.terms.map((term) => sql`${text} ilike ${containsPattern(term)}`),
    );
    const direction = filter.sortOrder === 'asc' ? asc : desc;
    const rows = db
      .select()
      .from(itvTasks)
      .where(where)
      .orderBy(direction(ITV_SORT_COLUMNS[filter.sortBy]), direction(itvTasks.id))
      .offset(filter.offset);
    const [list, [total]] = await Promise.all([
      filter.limit === null ? rows : rows.limit(filter.limit),
      db.select({ value: count() }).from(itvTasks).where(where),
    ]);
    return { rows: list, total: total?.value ?? 0 };
  },

  async find(db: Database, id: number) {
    const [row] = await db.select().from(itvTasks).where(eq(itvTasks.id, id));
    return row;
  },

  openOfContainer: (db: Database, number: string) =>
    db
      .select()
      .from(itvTasks)
      .where(and(eq(itvTasks.containerNumber, number), isNull(itvTasks.completedAt)))
      .orderBy(asc(itvTasks.id)),

  async insert(db: Database, row: NewItvTaskRow) {
    const [saved] = await db.insert(itvTasks).values(row).returning();
    return saved!;
  },

  async update(db: Database, id: number, values: Partial<NewItvTaskRow>) {
    const [row] = await db.update(itvTasks).set(values).where(eq(itvTasks.id, id)).returning();
    return row;
  },

  async delete(db: Database, ids: number[]) {
    if (!ids.length) return [];
    return db.delete(itvTasks).where(inArray(itvTasks.id, ids)).returning({ id: itvTasks.id });
  },
};

export const yardExceptionsRepository = {
  // One per machine event: a replayed event inserts nothing (and answers nothing).
  async insert(db: Database, row: NewYardExceptionRow) {
    const [saved] = await db.insert(yardExceptions).values(row).onConflictDoNothing().returning();
    return saved;
  },

  async page(db: Database, includeResolved: boolean, offset: number, limit: number) {
    const where = includeResolved ? undefined : isNull(yardExceptions.resolvedAt);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(yardExceptions)
        .where(where)
        .orderBy(desc(yardExceptions.occurredAt), desc(yardExceptions.id))
        .offset(offset)
        .limit(limit),
      db.select({ value: count() }).from(yardExceptions).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  },

  async lock(db: Database, id: number) {
    const [row] = await db.select().from(yardExceptions).where(eq(yardExceptions.id, id)).for('update');
    return row;
  },

  async resolve(db: Database, id: number, values: { resolvedAt: Date; resolvedBy: string; resolution: string }) {
    const [row] = await db.update(yardExceptions).set(values).where(eq(yardExceptions.id, id)).returning();
    return row!;
  },
};
