import {
  ALL_MACHINES,
  ITV_TASK_TYPES,
  MACHINE_TASKS_PUSHED,
  TRAILER_LOCATION,
  TASK_UPLOAD_COLUMNS,
  TASK_UPLOAD_STATUSES,
  UPLOAD_ROW_STATUSES,
  inMachineQueue,
  knownTaskLocation,
  itvTaskProblem,
  machineQueueOrder,
  messages,
  parseIdList,
  sameMachine,
  sameTaskKey,
  searchTerms,
  searchTermsProblem,
  taskContainerNumber,
  taskPageWindow,
  taskLocationsOf,
  taskPlaceNames,
  taskProblem,
  transferProblem,
  yardDaysRange,
  isYardDay,
  type GateTaskInput,
  type GeneratedTask,
  type ItvTaskFindQuery,
  type ItvTaskInput,
  type ItvTasksQuery,
  type Machine,
  type MachineTasksMessage,
  type NamedItem,
  type Task,
  type TaskExportBody,
  type TaskFindQuery,
  type TaskInput,
  type TasksQuery,
  type TaskSource,
  type UploadFile,
  type UploadResult,
  type UploadRowResult,
  type YardExceptionKind,
  type YardExceptionsQuery,
} from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { databaseError } from '../../lib/database-errors';
import { uploadRecords } from '../../lib/upload-sheet';
import type { Principal } from '../auth';
import type { ExportsService } from '../exports';
import type { InventoryService } from '../inventory';
import type { MachinesService } from '../machines';
import type { YardLocationsService } from '../yard-locations';
import type { DashboardFact, TaskDashboardService } from '../task-dashboard';
import { commitWithEvents, type AfterCommit, type NewEvent } from '../outbox';
import {
  itvTasksRepository,
  tasksRepository,
  toGeneratedTask,
  toItvTask,
  toTask,
  toYardException,
  yardExceptionsRepository,
  type NewTaskRow,
  type TaskRow,
} from './tasks.repository';

export type { TaskSource };

// A machine's pick or drop as stored (machines.repository insertMachineEvents).
export interface MachineEventRow {
  id: number;
  machineId: number;
  kind: string;
  tagId?: string | null;
  containerNumber?: string | null;
  height?: number | null;
  latitude?: number | null;
  longitude?: number | null;
  occurredAt: Date;
}

export interface NewTask extends GateTaskInput {
  containerId?: number | null;
  source: TaskSource;
}

const orNull = (value: string | null | undefined) => value?.trim() || null;

// The columns a task's fields are stored in (the gate's, the screen's and the upload's alike).
function taskValues(task: NewTask | TaskInput) {
  return {
    // Spec 3 §5: the container number saved is limited to 11 characters.
    containerNumber: taskContainerNumber(task.containerNumber),
    taskType: task.taskType.trim(),
    deliveryMode: orNull(task.deliveryMode),
    fromLocation: orNull(task.fromLocation),
    toLocation: orNull(task.toLocation),
    toLocationDetails: orNull(task.toLocationDetails),
    assignedToMachine: task.assignedToMachine?.trim() || ALL_MACHINES,
    onPriority: task.onPriority ?? false,
  };
}

const sameLocationName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

// The database's refusals of a task write, in words (the service's checks come first).
const taskAnswers = {
  check: ({ constraint }: { constraint?: string | undefined }) =>
    constraint === 'tasks_number_length' || constraint === 'itv_tasks_number_length'
      ? badRequest(messages.taskIncomplete, 'containerNumber')
      : constraint === 'itv_tasks_filled'
        ? badRequest(messages.itvTaskIncomplete)
        : undefined,
  foreignKey: ({ constraint }: { constraint?: string | undefined }) =>
    constraint?.includes('parent_task') ? badRequest(messages.taskNotFound, 'parentTaskId') : undefined,
};

export interface TasksDeps {
  afterCommit: AfterCommit;
  inventory: InventoryService;
  exports: ExportsService;
  machines: MachinesService;
  // The task dashboard's rollup, kept in the transactions here (drops, completions, deletions).
  taskDashboard: TaskDashboardService;
  // The yard's locations: the places a task may go to (taskPlaceNames), and the TASK_TO_LOCATION
  // places where a drop outside the slot grid lands.
  yardLocations: YardLocationsService;
  timeZone: string;
}

// Work for the yard's machines (spec 3 §2–§7 tasks and ITV tasks; issue 17 the machine terminal
// and the yard exceptions). The gate stores the tasks it generates through `create`, inside its own
// transaction; every other write here is one transaction with its domain events.
export function createTasksService(db: Database, deps: TasksDeps) {
  async function write<T>(work: (tx: Database, events: NewEvent[]) => Promise<T>): Promise<T> {
    try {
      return await commitWithEvents(db, deps.afterCommit, work);
    } catch (error) {
      throw databaseError(error, taskAnswers);
    }
  }

  const viewsOf = async (tx: Database, ids: number[]) => (await tasksRepository.views(tx, ids)).map(toTask);

  // The machine a name means: ALL, or one of the yard's machines (its name as stored).
  async function machineNamed(name: string): Promise<string> {
    const trimmed = name.trim();
    if (sameMachine(trimmed, ALL_MACHINES)) return ALL_MACHINES;
    const machine = (await deps.machines.machines()).find((candidate) => sameMachine(candidate.machineName, trimmed));
    if (!machine) throw badRequest(messages.taskUnknownMachine(trimmed), 'assignedToMachine');
    return machine.machineName;
  }

  async function machineOrRefuse(name: string): Promise<Machine> {
    const machine = (await deps.machines.machines()).find((candidate) => sameMachine(candidate.machineName, name));
    if (!machine) throw notFound(messages.taskUnknownMachine(name.trim()));
    return machine;
  }

  // The given ids, locked, all of them or refused. The yard's lock first: a change of an open task's
  // place, completion or container is recorded under it (migration 0036, the planning engine's
  // pending drops), and the yard's writers (a machine's drop) take it before the task they complete,
  // so tasks locked first would wait on it the other way round.
  async function lockAll(tx: Database, ids: number[]): Promise<TaskRow[]> {
    await deps.inventory.lockInventory(tx);
    const rows = await tasksRepository.lock(tx, ids);
    if (rows.length !== ids.length) throw notFound(messages.taskNotFound);
    return rows;
  }

  const refuseCompleted = (rows: TaskRow[]) => {
    const done = rows.find((row) => row.completedAt !== null);
    if (done) throw conflict(messages.taskAlreadyCompleted(done.containerNumber));
  };

  // The locations a task may go to: Trailer, Slot and the yard locations, zones and TASK_TO_LOCATION
  // places (the forms' and the kiosks' list, contracts taskLocationsOf/taskPlaceNames).
  async function taskLocations(): Promise<string[]> {
    return taskLocationsOf(taskPlaceNames(await deps.yardLocations.list()));
  }

  // A new or edited task's values after the rules (spec 3 §5), its machine as stored, its "to" a
  // place of the yard (issue 22: a task's "to" location is a real place). The spec has no words for
  // an unknown place; the refusal names it and where places come from.
  async function checked(input: TaskInput, locations: readonly string[]) {
    const problem = taskProblem({ ...input, assignedToMachine: input.assignedToMachine ?? '' });
    if (problem) throw badRequest(problem);
    const values = taskValues(input);
    if (!knownTaskLocation(values.toLocation!, locations))
      throw badRequest(messages.taskUnknownLocation(values.toLocation!), 'toLocation');
    return { ...values, assignedToMachine: await machineNamed(values.assignedToMachine) };
  }

  // The duplicate check (spec 3 §5) against the open tasks and the other tasks of the same save.
  async function refuseDuplicates(
    tx: Database,
    list: { id?: number | undefined; values: ReturnType<typeof taskValues> }[],
  ) {
    const numbers = list.map((entry) => entry.values.containerNumber);
    await tasksRepository.lockContainerNumbers(tx, numbers);
    const open = await tasksRepository.openOfContainers(tx, numbers);
    const seen = new Set<string>();
    for (const entry of list) {
      const key = sameTaskKey(entry.values);
      if (seen.has(key) || open.some((row) => row.id !== entry.id && sameTaskKey(row) === key))
        throw conflict(messages.taskDuplicate);
      seen.add(key);
    }
  }

  async function complete(
    rows: TaskRow[],
    tx: Database,
    events: NewEvent[],
    by: { user?: string; machine?: string; eventId?: number },
    at = new Date(),
  ) {
    const ids = rows.map((row) => row.id);
    // A task generated after this clock's now (a clock moved back) is done when it was made.
    const completedAt = rows.reduce((latest, row) => (row.generatedAt > latest ? row.generatedAt : latest), at);
    await tasksRepository.updateMany(tx, ids, {
      completedAt,
      completedBy: by.user ?? null,
      completedByMachine: by.machine ?? null,
      completedByEventId: by.eventId ?? null,
    });
    await deps.taskDashboard.record(
      tx,
      events,
      rows.map((row) => ({ machine: by.machine ?? row.assignedToMachine, at: completedAt, completedTasks: 1 })),
    );
    const tasks = await viewsOf(tx, ids);
    events.push({ type: 'task.completed', data: { tasks } });
    return tasks;
  }

  // A yard exception for a machine event (one per event: a replay raises nothing again).
  async function raise(
    tx: Database,
    events: NewEvent[],
    event: MachineEventRow,
    machineName: string,
    kind: YardExceptionKind,
    message: string,
    found: {
      containerNumber?: string | null;
      location?: string | null;
      latitude?: number | null;
      longitude?: number | null;
    },
  ) {
    const row = await yardExceptionsRepository.insert(tx, {
      kind,
      eventKind: event.kind,
      machineId: event.machineId,
      machineEventId: event.id,
      containerNumber: found.containerNumber ?? event.containerNumber ?? null,
      tagId: event.tagId ?? null,
      location: found.location ?? null,
      latitude: found.latitude ?? event.latitude ?? null,
      longitude: found.longitude ?? event.longitude ?? null,
      height: event.height ?? null,
      message,
      occurredAt: event.occurredAt,
    });
    if (row) events.push({ type: 'yard.exceptionRaised', data: { exception: toYardException(row, machineName) } });
  }

  return {
    // Machine picks and drops (issue 17), inside the transaction that stores them (device
    // messages): a pick starts the container's open task (the machine's own, else ALL's) and a drop
    // completes it, recording the machine and the event; a drop moves the container to the slot
    // under the event's (else the machine's) position at the event's height, through the
    // inventory's one move. Where the yard model disagrees (no such container, a point outside
    // the blocks, a taken slot) a yard exception is raised instead: nothing is overwritten. Only
    // newly stored events come here, so a replayed message id completes nothing twice.
    async applyMachineEvents(
      tx: Database,
      events: NewEvent[],
      list: {
        event: MachineEventRow;
        machine: { machineName: string; position: { latitude: number; longitude: number } | null };
      }[],
    ) {
      if (!list.length) return;
      // The yard's lock before any task's (a completed task is recorded under it, as in lockAll).
      await deps.inventory.lockInventory(tx);
      // Every drop is a movement for the rollup of machine days: productive when it completes a
      // task, waste otherwise; every pick is counted as a pick (contracts/src/rules/task-dashboard.ts).
      const moves = new Map<number, DashboardFact>();
      for (const { event, machine } of list) {
        moves.set(
          event.id,
          event.kind === 'drop'
            ? { machine: machine.machineName, at: event.occurredAt, wasteMoves: 1 }
            : { machine: machine.machineName, at: event.occurredAt, picks: 1 },
        );
        const tag = event.tagId?.trim() || null;
        const given = event.containerNumber ? taskContainerNumber(event.containerNumber) : null;
        if (!given && !tag) {
          await raise(tx, events, event, machine.machineName, 'noContainer', messages.yardExceptionNoContainer, {});
          continue;
        }
        const [container] = await deps.inventory.activeContainers(tx, given ? [given] : [], given ? [] : [tag!]);
        const containerNumber = container?.containerNumber ?? given;
        if (!container) {
          await raise(
            tx,
            events,
            event,
            machine.machineName,
            'unknownContainer',
            messages.yardExceptionUnknownContainer(containerNumber ?? tag!),
            { containerNumber },
          );
          continue;
        }
        const task = await tasksRepository.openForMachineEvent(
          tx,
          container.containerNumber,
          machine.machineName,
          ALL_MACHINES,
        );
        if (event.kind === 'pick') {
          if (task && task.startedAt === null) {
            await tasksRepository.update(tx, task.id, {
              assignedToMachine: machine.machineName,
              startedAt: event.occurredAt < task.generatedAt ? task.generatedAt : event.occurredAt,
              startedByMachine: machine.machineName,
              problem: null,
            });
            const tasks = await viewsOf(tx, [task.id]);
            events.push(
              sameMachine(task.assignedToMachine, machine.machineName)
                ? { type: 'task.updated', data: { tasks } }
                : {
                    type: 'task.transferred',
                    data: { tasks, previous: [{ taskId: task.id, assignedToMachine: task.assignedToMachine }] },
                  },
            );
          }
          continue;
        }
        // A drop onto a truck's trailer (an export loading task) takes the box out of its slot.
        const onTrailer =
          task !== undefined && task.toLocation !== null && sameMachine(task.toLocation, TRAILER_LOCATION);
        let location: string | null = null;
        if (!onTrailer) {
          const point =
            event.latitude !== null &&
            event.latitude !== undefined &&
            event.longitude !== null &&
            event.longitude !== undefined
              ? { latitude: event.latitude, longitude: event.longitude }
              : machine.position;
          if (!point) {
            await raise(tx, events, event, machine.machineName, 'noPosition', messages.yardExceptionNoPosition, {
              containerNumber,
            });
            continue;
          }
          location = await deps.inventory.slotAt(tx, point, event.height ?? null);
          // Outside the slot grid, a drop inside the place the task goes to (a TASK_TO_LOCATION yard
          // location of the task's "to" name, spec 3 §3, §5) is that task done: the box leaves its
          // slot for the place, as a drop onto a trailer does.
          const place = location ? null : await deps.yardLocations.placeAt(point, 'TASK_TO_LOCATION');
          const atTaskPlace =
            place !== null && task?.toLocation != null && sameLocationName(task.toLocation, place.name);
          if (!location && !atTaskPlace) {
            await raise(
              tx,
              events,
              event,
              machine.machineName,
              'outsideYard',
              messages.yardExceptionOutsideYard(point.latitude, point.longitude),
              { containerNumber, ...point },
            );
            continue;
          }
        }
        // The move in a savepoint: a refusal (a taken slot, a hole below, a 40 ft box on a single
        // slot) undoes the move alone and becomes the exception; the same slot again is no move.
        const moveEvents: NewEvent[] = [];
        try {
          await tx.transaction((savepoint) =>
            deps.inventory.moveWithin(savepoint, moveEvents, [{ containerId: container.id, newLocation: location }], {
              username: null,
              source: 'machine',
              device: machine.machineName,
            }),
          );
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          if (error.message !== messages.nothingToUpdate) {
            await raise(
              tx,
              events,
              event,
              machine.machineName,
              error.statusCode === 409 ? 'slotTaken' : 'slotRefused',
              location ? messages.yardExceptionSlotRefused(location, error.message) : error.message,
              { containerNumber, location },
            );
            continue;
          }
        }
        events.push(...moveEvents);
        if (task) {
          await complete([task], tx, events, { machine: machine.machineName, eventId: event.id }, event.occurredAt);
          moves.set(event.id, { machine: machine.machineName, at: event.occurredAt, productiveMoves: 1 });
        }
      }
      await deps.taskDashboard.record(tx, events, [...moves.values()]);
    },

    // Stores pending tasks inside the caller's transaction (the gate's) and records task.created.
    async create(
      tx: Database,
      events: NewEvent[],
      list: NewTask[],
      context: { visitId: number | null; createdBy: string | null },
    ): Promise<GeneratedTask[]> {
      const [created] = await this.createForVisits(tx, events, [{ list, ...context }]);
      return created!;
    },

    // The tasks of many visits (a batch chunk of gate-ins) in one insert and one read of their
    // views, a task.created per visit: each visit's tasks, in the order given.
    async createForVisits(
      tx: Database,
      events: NewEvent[],
      groups: readonly { list: NewTask[]; visitId: number | null; createdBy: string | null }[],
    ): Promise<GeneratedTask[][]> {
      const rows = await tasksRepository.insert(
        tx,
        groups.flatMap((group) =>
          group.list.map((task) => ({
            ...taskValues(task),
            containerId: task.containerId ?? null,
            visitId: group.visitId,
            source: task.source,
            createdBy: group.createdBy,
          })),
        ),
      );
      const views = new Map(
        (
          await viewsOf(
            tx,
            rows.map((row) => row.id),
          )
        ).map((view) => [view.taskId, view]),
      );
      let offset = 0;
      return groups.map((group) => {
        const own = rows.slice(offset, (offset += group.list.length));
        if (own.length)
          events.push({
            type: 'task.created',
            data: { visitId: group.visitId, tasks: own.map((row) => views.get(row.id)!) },
          });
        return own.map(toGeneratedTask);
      });
    },

    async ofVisit(visitId: number, database: Database = db): Promise<GeneratedTask[]> {
      return (await tasksRepository.ofVisits(database, [visitId])).map((row: TaskRow) => toGeneratedTask(row));
    },

    // Tasks done and pending per visit, for the truck turn time.
    async countsOfVisits(visitIds: number[], database: Database = db) {
      const rows = await tasksRepository.countsOfVisits(database, visitIds);
      return new Map(rows.map((row) => [row.visitId, row]));
    },

    // GET /rest/tasks (spec 3 §7): default generateDate descending (spec 3 §9).
    async page(query: TasksQuery) {
      const terms = searchTerms(query.searchText);
      const problem = searchTermsProblem(terms);
      if (problem) throw badRequest(problem, 'searchText');
      const window = taskPageWindow(query.skip, query.limit);
      const { rows, total } = await tasksRepository.page(db, {
        terms,
        includeCompleted: query.includeCompleted ?? false,
        sortBy: query.sortBy ?? 'generateDate',
        sortOrder: query.sortOrder ?? 'desc',
        ...window,
      });
      return { tasks: rows.map(toTask), totalCount: total };
    },

    async get(id: number): Promise<Task> {
      const [task] = await viewsOf(db, [id]);
      if (!task) throw notFound(messages.taskNotFound);
      return task;
    },

    // GET /rest/tasks/find (spec 3 §5 Duplicate check): an open task of the same key.
    async find(query: TaskFindQuery) {
      const key = sameTaskKey({ ...query, fromLocation: query.from ?? null, toLocation: query.to ?? null });
      const open = await tasksRepository.openOfContainers(db, [taskContainerNumber(query.containerNumber)]);
      const row = open.find((candidate) => sameTaskKey(candidate) === key);
      if (!row) return { found: false, task: null, message: null };
      return { found: true, task: await this.get(row.id), message: messages.taskDuplicate };
    },

    // POST /rest/tasks: new tasks, or edits of pending ones (with taskId); all or none. The kiosk
    // saves its tasks here too (issue 21: the same tasks as /tasks), as source 'kiosk'.
    async save(list: TaskInput[], principal: Principal, source: Extract<TaskSource, 'user' | 'kiosk'> = 'user') {
      const prepared: { input: TaskInput; values: Awaited<ReturnType<typeof checked>> }[] = [];
      const locations = await taskLocations();
      for (const input of list) prepared.push({ input, values: await checked(input, locations) });
      return write(async (tx, events) => {
        const edits = prepared.filter((entry) => entry.input.taskId !== undefined);
        const current = await lockAll(
          tx,
          edits.map((entry) => entry.input.taskId!),
        );
        refuseCompleted(current);
        await refuseDuplicates(
          tx,
          prepared.map((entry) => ({ id: entry.input.taskId, values: entry.values })),
        );
        const inserted = await tasksRepository.insert(
          tx,
          prepared
            .filter((entry) => entry.input.taskId === undefined)
            .map((entry): NewTaskRow => ({
              ...entry.values,
              containerId: entry.input.containerId ?? null,
              parentTaskId: entry.input.parentTaskId ?? null,
              source,
              createdBy: principal.username,
            })),
        );
        for (const entry of edits)
          await tasksRepository.update(tx, entry.input.taskId!, {
            ...entry.values,
            ...(entry.input.containerId === undefined ? {} : { containerId: entry.input.containerId }),
            ...(entry.input.parentTaskId === undefined ? {} : { parentTaskId: entry.input.parentTaskId }),
          });
        const created = await viewsOf(
          tx,
          inserted.map((row) => row.id),
        );
        const edited = await viewsOf(
          tx,
          edits.map((entry) => entry.input.taskId!),
        );
        if (created.length) events.push({ type: 'task.created', data: { visitId: null, tasks: created } });
        // An edit that gives a task another machine is a transfer: its event names the machine it
        // left, whose queue changed too (the machine-tasks publisher).
        const before = new Map(current.map((row) => [row.id, row.assignedToMachine]));
        const stays = (task: Task) => sameMachine(before.get(task.taskId)!, task.assignedToMachine);
        const stayed = edited.filter(stays);
        const moved = edited.filter((task) => !stays(task));
        if (stayed.length) events.push({ type: 'task.updated', data: { tasks: stayed } });
        if (moved.length)
          events.push({
            type: 'task.transferred',
            data: {
              tasks: moved,
              previous: moved.map((task) => ({ taskId: task.taskId, assignedToMachine: before.get(task.taskId)! })),
            },
          });
        return { responsestatus: 'success', tasks: [...created, ...edited] };
      });
    },

    // DELETE /rest/tasks with taskIds (spec 3 §7).
    async delete(taskIds: string) {
      const ids = parseIdList(taskIds);
      return write(async (tx, events) => {
        const rows = await lockAll(tx, ids);
        const tasks = await viewsOf(tx, ids);
        await deps.taskDashboard.forgetCompleted(tx, events, rows);
        await tasksRepository.delete(tx, ids);
        events.push({ type: 'task.deleted', data: { tasks } });
        return { responsestatus: 'success', message: messages.tasksDeleted(tasks.length), tasks };
      });
    },

    // PUT /rest/tasks/complete (spec 3 §4): by the signed-in user.
    async complete(ids: number[], principal: Principal) {
      const unique = [...new Set(ids)];
      return write(async (tx, events) => {
        const rows = await lockAll(tx, unique);
        refuseCompleted(rows);
        const tasks = await complete(rows, tx, events, { user: principal.username });
        return { responsestatus: 'success', message: messages.tasksCompleted(tasks.length), tasks };
      });
    },

    // POST /rest/tasks/transfer (spec 3 §5 Move tasks): source and target must differ. The task
    // starts afresh on its new machine (the old driver's start and problem no longer hold).
    async transfer(ids: number[], toMachine: string) {
      const unique = [...new Set(ids)];
      const target = await machineNamed(toMachine);
      return write(async (tx, events) => {
        const rows = await lockAll(tx, unique);
        refuseCompleted(rows);
        const problem = transferProblem(rows, target);
        if (problem) throw badRequest(problem, 'toMachine');
        await tasksRepository.updateMany(tx, unique, {
          assignedToMachine: target,
          startedAt: null,
          startedByMachine: null,
          problem: null,
        });
        const tasks = await viewsOf(tx, unique);
        events.push({
          type: 'task.transferred',
          data: {
            tasks,
            previous: rows.map((row) => ({ taskId: row.id, assignedToMachine: row.assignedToMachine })),
          },
        });
        return { responsestatus: 'success', message: messages.tasksTransferred(tasks.length, target), tasks };
      });
    },

    // POST /rest/tasks/exportXls (spec 3 §7): the tasks generated on the chosen yard days.
    async exportXls(body: TaskExportBody, principal: Principal) {
      // The schema takes the shape YYYY-MM-DD; a day the calendar does not have (2026-02-30) is
      // refused here, as the surveys' days are (found by the API fuzzing).
      for (const field of ['from', 'to'] as const)
        if (!isYardDay(body[field])) throw badRequest(messages.surveyDayInvalid, field);
      const range = yardDaysRange(body.from, body.to, deps.timeZone);
      if (range.to < range.from) throw badRequest(messages.exportInvalidRange, 'to');
      const rows = (
        await tasksRepository.exportRows(db, {
          from: new Date(range.from),
          to: new Date(range.to + 1),
          machines: body.machines ?? [],
          deliveryModes: body.deliveryModes ?? [],
          taskTypes: body.taskTypes ?? [],
          status: body.taskCompletionStatus ?? 'ALL',
        })
      ).map(toTask);
      const filePath = await deps.exports.writeWorkbook(principal.userId, 'tasks', {
        sheet: 'Tasks',
        format: body.format,
        columns: [
          { header: 'Task id', key: 'taskId', width: 10 },
          { header: 'Container number', key: 'containerNumber', width: 16 },
          { header: 'Task type', key: 'taskType', width: 18 },
          { header: 'Delivery mode', key: 'deliveryMode', width: 14 },
          { header: 'From', key: 'fromLocation', width: 16 },
          { header: 'To', key: 'toLocation', width: 16 },
          { header: 'To details', key: 'toLocationDetails', width: 16 },
          { header: 'Machine', key: 'assignedToMachine', width: 12 },
          { header: 'Priority', key: 'onPriority', width: 9 },
          { header: 'Status', key: 'status', width: 11 },
          { header: 'Generated', key: 'generated', width: 22 },
          { header: 'Completed', key: 'completed', width: 22 },
          { header: 'Completed by', key: 'completedBy', width: 16 },
          { header: 'Completed by machine', key: 'completedByMachine', width: 16 },
        ],
        rows: rows.map((task) => ({
          taskId: task.taskId,
          containerNumber: task.containerNumber,
          taskType: task.taskType,
          deliveryMode: task.deliveryMode ?? '',
          fromLocation: task.fromLocation ?? '',
          toLocation: task.toLocation ?? '',
          toLocationDetails: task.toLocationDetails ?? '',
          assignedToMachine: task.assignedToMachine,
          onPriority: task.onPriority ? 'Yes' : 'No',
          status: task.status,
          generated: new Date(task.generationDate),
          completed: task.completionDate === null ? '' : new Date(task.completionDate),
          completedBy: task.completedBy ?? '',
          completedByMachine: task.completedByMachine ?? '',
        })),
      });
      return { filePath };
    },

    // GET /rest/tasks/download: the report's name is the path exportXls answered (its last two
    // segments: token and file name); only its maker may fetch it (the exports module's rule).
    async download(reportName: string, principal: Principal) {
      const segments = reportName.split('/').filter(Boolean);
      const [token, fileName] = segments.slice(-2);
      if (!token || !fileName) throw notFound();
      return { fileName, ...(await deps.exports.open(token, fileName, principal)) };
    },

    // A tasks sheet (spec 3 §7 upload): each row is checked and saved on its own, so a refused row
    // saves nothing of itself and the good rows are saved; one result per data row.
    async upload(file: UploadFile, principal: Principal): Promise<UploadResult> {
      const records = await uploadRecords(file, TASK_UPLOAD_COLUMNS, ['containerNumber', 'taskType']);
      const results: UploadRowResult[] = [];
      const locations = await taskLocations();
      let saved = 0;
      for (const record of records) {
        const values = record.values;
        const input: TaskInput = {
          containerNumber: values.containerNumber.slice(0, 20),
          taskType: values.taskType.slice(0, 40),
          deliveryMode: values.deliveryMode.slice(0, 40),
          fromLocation: values.fromLocation.slice(0, 60),
          toLocation: values.toLocation.slice(0, 60),
          toLocationDetails: values.toLocationDetails.slice(0, 60),
          // Spec 1 §9: the machine is ALL unless one is named.
          assignedToMachine: values.assignedToMachine.slice(0, 40) || ALL_MACHINES,
          onPriority: /^(yes|y|true|1)$/i.test(values.onPriority.trim()),
        };
        try {
          const value = await checked(input, locations);
          await write(async (tx, events) => {
            await refuseDuplicates(tx, [{ values: value }]);
            const rows = await tasksRepository.insert(tx, [
              { ...value, source: 'upload', createdBy: principal.username },
            ]);
            events.push({
              type: 'task.created',
              data: {
                visitId: null,
                tasks: await viewsOf(
                  tx,
                  rows.map((row) => row.id),
                ),
              },
            });
          });
          saved += 1;
          results.push({ row: record.row, status: UPLOAD_ROW_STATUSES.saved });
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          results.push({ row: record.row, status: UPLOAD_ROW_STATUSES.refused, message: error.message });
        }
      }
      return {
        responsestatus:
          saved === records.length
            ? TASK_UPLOAD_STATUSES.success
            : saved === 0
              ? TASK_UPLOAD_STATUSES.failed
              : TASK_UPLOAD_STATUSES.partial,
        saved,
        rows: results,
      };
    },

    // ITV tasks (spec 3 §3, §5, §7).
    async itvTasks(query: ItvTasksQuery) {
      const terms = searchTerms(query.searchText);
      const problem = searchTermsProblem(terms);
      if (problem) throw badRequest(problem, 'searchText');
      const { rows, total } = await itvTasksRepository.page(db, {
        terms,
        includeCompleted: query.includeCompleted ?? false,
        sortBy: query.sortBy ?? 'generationDate',
        sortOrder: query.sortOrder ?? 'desc',
        ...taskPageWindow(query.skip, query.limit),
      });
      return { itvTasks: rows.map(toItvTask), totalCount: total };
    },

    async itvTask(id: number) {
      const row = await itvTasksRepository.find(db, id);
      if (!row) throw notFound(messages.itvTaskNotFound);
      return toItvTask(row);
    },

    itvTaskTypes: (): NamedItem[] => ITV_TASK_TYPES.map((name, index) => ({ id: index + 1, name })),

    async findItvTask(query: ItvTaskFindQuery) {
      const key = sameTaskKey({ ...query, fromLocation: query.from ?? null, toLocation: query.to ?? null });
      const open = await itvTasksRepository.openOfContainer(db, taskContainerNumber(query.containerNumber));
      const row = open.find((candidate) => sameTaskKey(candidate) === key);
      return row
        ? { found: true, itvTask: toItvTask(row), message: messages.itvTaskDuplicate }
        : { found: false, itvTask: null, message: null };
    },

    async saveItvTask(input: ItvTaskInput, principal: Principal) {
      const problem = itvTaskProblem(input);
      if (problem) throw badRequest(problem);
      const values = {
        containerNumber: taskContainerNumber(input.containerNumber),
        trailer: input.trailer.trim(),
        taskType: input.taskType.trim(),
        fromLocation: input.fromLocation.trim(),
        toLocation: input.toLocation.trim(),
        toLocationDetails: orNull(input.toLocationDetails),
        size: orNull(input.size),
        ...(input.ctrId === undefined ? {} : { containerId: input.ctrId }),
        ...(input.parentTaskId === undefined ? {} : { parentTaskId: input.parentTaskId }),
      };
      return write(async (tx, events) => {
        await tasksRepository.lockContainerNumbers(tx, [`itv:${values.containerNumber}`]);
        const open = await itvTasksRepository.openOfContainer(tx, values.containerNumber);
        if (open.some((row) => row.id !== input.taskId && sameTaskKey(row) === sameTaskKey(values)))
          throw conflict(messages.itvTaskDuplicate);
        const row = input.taskId
          ? await itvTasksRepository.update(tx, input.taskId, values)
          : await itvTasksRepository.insert(tx, { ...values, createdBy: principal.username });
        if (!row) throw notFound(messages.itvTaskNotFound);
        const itvTask = toItvTask(row);
        events.push({ type: 'itvTask.changed', data: { itvTask } });
        return { responsestatus: 'success', itvTask };
      });
    },

    async deleteItvTasks(itvTaskIds: string) {
      const ids = parseIdList(itvTaskIds);
      return write(async (tx, events) => {
        const deleted = await itvTasksRepository.delete(tx, ids);
        if (deleted.length !== ids.length) throw notFound(messages.itvTaskNotFound);
        events.push({ type: 'itvTask.deleted', data: { itvTaskIds: ids } });
        return { responsestatus: 'success', itvTaskIds: ids };
      });
    },

    // The control room's yard exceptions (issue 17), newest first.
    async yardExceptions(query: YardExceptionsQuery) {
      const [{ rows, total }, machines] = await Promise.all([
        yardExceptionsRepository.page(db, query.includeResolved ?? false, query.skip ?? 0, query.limit ?? 15),
        deps.machines.machines(),
      ]);
      const nameOf = (id: number | null) => machines.find((machine) => machine.id === id)?.machineName ?? null;
      return { exceptions: rows.map((row) => toYardException(row, nameOf(row.machineId))), totalCount: total };
    },

    async resolveYardException(id: number, resolution: string, principal: Principal) {
      const machines = await deps.machines.machines();
      return write(async (tx, events) => {
        const row = await yardExceptionsRepository.lock(tx, id);
        if (!row) throw notFound(messages.yardExceptionNotFound);
        if (row.resolvedAt) throw conflict(messages.yardExceptionAlreadyResolved);
        const resolved = await yardExceptionsRepository.resolve(tx, id, {
          resolvedAt: new Date(),
          resolvedBy: principal.username,
          resolution: resolution.trim(),
        });
        const exception = toYardException(
          resolved,
          machines.find((machine) => machine.id === resolved.machineId)?.machineName ?? null,
        );
        events.push({ type: 'yard.exceptionResolved', data: { exception } });
        return exception;
      });
    },

    // The machine terminal (issue 17): the machine's open tasks and ALL's, in queue order.
    async machineQueue(machineName: string) {
      const machine = await machineOrRefuse(machineName);
      const tasks = (await tasksRepository.machineQueue(db, [machine.machineName], ALL_MACHINES))
        .map(toTask)
        .sort(machineQueueOrder);
      return { machineId: machine.id, machineName: machine.machineName, machineStatus: machine.machineStatus, tasks };
    },

    // The queues of these machines as their own MQTT topics carry them (topics.machineTasks): the
    // terminal's queue (inMachineQueue, machineQueueOrder), its first MACHINE_TASKS_PUSHED tasks and
    // how many it holds. Only the heads are read (tasksRepository.machineQueueHeads): a queue's
    // first tasks are among the first of its own and the first of ALL's, so each message is the
    // merge of two short lists. Reading every open task each round grew with the tasks a yard
    // leaves open (issue 18's wall: thousands of ALL's, read and mapped several times a second).
    async machineTaskMessages(machines: Machine[], at = Date.now()): Promise<MachineTasksMessage[]> {
      if (!machines.length) return [];
      const keyOf = (name: string) => name.trim().toLowerCase();
      const queues = await tasksRepository.machineQueueHeads(
        db,
        [...machines.map((machine) => machine.machineName), ALL_MACHINES],
        MACHINE_TASKS_PUSHED,
      );
      const headsOf = (name: string) => {
        const queue = queues.get(keyOf(name));
        return { total: queue?.total ?? 0, tasks: (queue?.heads ?? []).map(toTask) };
      };
      // A task for ALL is in every queue (inMachineQueue), so ALL's heads are mapped once.
      const forAll = headsOf(ALL_MACHINES);
      return machines.map((machine) => {
        const own = sameMachine(machine.machineName, ALL_MACHINES)
          ? { total: 0, tasks: [] }
          : headsOf(machine.machineName);
        const tasks: Task[] = [];
        for (
          let a = 0, b = 0;
          tasks.length < MACHINE_TASKS_PUSHED && (a < own.tasks.length || b < forAll.tasks.length);
        )
          tasks.push(
            b >= forAll.tasks.length ||
              (a < own.tasks.length && machineQueueOrder(own.tasks[a]!, forAll.tasks[b]!) <= 0)
              ? own.tasks[a++]!
              : forAll.tasks[b++]!,
          );
        return {
          machineId: machine.id,
          machineName: machine.machineName,
          machineStatus: machine.machineStatus,
          tasks,
          totalCount: own.total + forAll.total,
          timestamp: at,
        };
      });
    },

    // The driver starts a task of the queue: a task for ALL becomes this machine's.
    async startMachineTask(machineName: string, id: number) {
      const machine = await machineOrRefuse(machineName);
      return write(async (tx, events) => {
        const [row] = await lockAll(tx, [id]);
        if (!inMachineQueue({ ...row!, completionDate: row!.completedAt?.getTime() ?? null }, machine.machineName))
          throw conflict(messages.taskNotInQueue(machine.machineName));
        await tasksRepository.update(tx, id, {
          assignedToMachine: machine.machineName,
          startedAt: new Date(),
          startedByMachine: machine.machineName,
          problem: null,
        });
        const [task] = await viewsOf(tx, [id]);
        if (sameMachine(row!.assignedToMachine, machine.machineName))
          events.push({ type: 'task.updated', data: { tasks: [task!] } });
        else
          events.push({
            type: 'task.transferred',
            data: { tasks: [task!], previous: [{ taskId: id, assignedToMachine: row!.assignedToMachine }] },
          });
        return { responsestatus: 'success', task: task! };
      });
    },

    async reportMachineTaskProblem(machineName: string, id: number, problem: string) {
      const machine = await machineOrRefuse(machineName);
      return write(async (tx, events) => {
        const [row] = await lockAll(tx, [id]);
        if (!inMachineQueue({ ...row!, completionDate: row!.completedAt?.getTime() ?? null }, machine.machineName))
          throw conflict(messages.taskNotInQueue(machine.machineName));
        await tasksRepository.update(tx, id, { problem: problem.trim() });
        const [task] = await viewsOf(tx, [id]);
        events.push({ type: 'task.updated', data: { tasks: [task!] } });
        return { responsestatus: 'success', task: task! };
      });
    },

    async completeMachineTask(machineName: string, id: number, principal: Principal) {
      const machine = await machineOrRefuse(machineName);
      return write(async (tx, events) => {
        const rows = await lockAll(tx, [id]);
        refuseCompleted(rows);
        if (!inMachineQueue({ ...rows[0]!, completionDate: null }, machine.machineName))
          throw conflict(messages.taskNotInQueue(machine.machineName));
        const [task] = await complete(rows, tx, events, { user: principal.username, machine: machine.machineName });
        return { responsestatus: 'success', task: task! };
      });
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
