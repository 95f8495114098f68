import { describe, expect, it } from 'vitest';
import type { ItvTask, LiveTopicMessage, MachineQueue, TasksPage, YardException } from '@openyard/contracts';
import { REFETCH } from '../../../live/utils/LiveCollection';
import { ALL_ROWS, pageSizeChoices, taskListQueryOf } from './taskListQueryOf';
import { taskTarget } from './taskTarget';
import { testTask } from './testTask';
import { withItvTaskChange } from './withItvTaskChange';
import { withQueueChange } from './withQueueChange';
import { withTaskChanges } from './withTaskChanges';
import { withYardException } from './withYardException';

const envelope = { topic: 'tasks', eventId: 'e', at: 1 } as const;
const changed = (change: 'created' | 'updated' | 'completed' | 'transferred', tasks: ReturnType<typeof testTask>[]) =>
  ({ ...envelope, type: 'tasks.changed.v1', data: { change, tasks } }) as LiveTopicMessage<'tasks'>;
const deleted = (taskIds: number[]) =>
  ({ ...envelope, type: 'tasks.deleted.v1', data: { taskIds } }) as LiveTopicMessage<'tasks'>;

describe('the query of a task list', () => {
  it('joins the search texts by &* and sends a 0-based skip', () => {
    expect(
      taskListQueryOf({
        page: 3,
        pageSize: 15,
        searchTexts: ['MSCU', ' ', 'RS-01'],
        includeCompleted: true,
        sort: { sortBy: 'generateDate', sortOrder: 'desc' },
      }),
    ).toEqual({
      searchText: 'MSCU&*RS-01',
      skip: 30,
      limit: 15,
      includeCompleted: true,
      sortBy: 'generateDate',
      sortOrder: 'desc',
    });
  });

  it('asks for every row with the All page size, and offers it last', () => {
    const query = taskListQueryOf({
      page: 4,
      pageSize: ALL_ROWS,
      searchTexts: [],
      includeCompleted: false,
      sort: { sortBy: 'containerNumber', sortOrder: 'asc' },
    });
    expect(query).toMatchObject({ skip: 0, limit: -1 });
    expect(query).not.toHaveProperty('searchText');
    expect(pageSizeChoices(15)).toEqual([15, 50, 100, ALL_ROWS]);
    expect(pageSizeChoices(50)).toEqual([50, 100, ALL_ROWS]);
  });
});

describe('a live change on the tasks page', () => {
  const page: TasksPage = { tasks: [testTask(1), testTask(2)], totalCount: 20 };

  it('reloads for a new task, and for a deleted one that is listed', () => {
    expect(withTaskChanges(page, changed('created', [testTask(3)]), false)).toBe(REFETCH);
    expect(withTaskChanges(page, deleted([2]), false)).toBe(REFETCH);
    expect(withTaskChanges(page, deleted([9]), false)).toBe(page);
  });

  it('replaces a moved or started task in place and ignores tasks of other pages', () => {
    const next = withTaskChanges(
      page,
      changed('transferred', [testTask(2, { assignedToMachine: 'RS-03' }), testTask(8)]),
      false,
    );
    expect(next).not.toBe(REFETCH);
    expect((next as TasksPage).tasks.map((task) => task.assignedToMachine)).toEqual(['RS-01', 'RS-03']);
    expect(withTaskChanges(page, changed('updated', [testTask(8)]), false)).toBe(page);
  });

  it('keeps a completed task when completed ones are shown, reloads when they are hidden', () => {
    const done = changed('completed', [testTask(1, { completionDate: 5, status: 'completed' })]);
    expect((withTaskChanges(page, done, true) as TasksPage).tasks[0]!.status).toBe('completed');
    expect(withTaskChanges(page, done, false)).toBe(REFETCH);
  });
});

describe('a live change on the ITV tasks page', () => {
  const itvTask = (taskId: number, changes: Partial<ItvTask> = {}): ItvTask => ({
    taskId,
    ctrId: null,
    trailer: 'ITV-1',
    containerNumber: 'MSCU1234565',
    size: '20',
    taskType: 'Shifting',
    fromLocation: 'A',
    toLocation: 'B',
    toLocationDetails: null,
    parentTaskId: null,
    generationDate: 1,
    completedDate: null,
    createdBy: null,
    ...changes,
  });
  const page = { itvTasks: [itvTask(1)], totalCount: 1 };
  const message = (itvTaskId: number, value: ItvTask | null) =>
    ({ ...envelope, type: 'tasks.itvTask.v1', data: { itvTaskId, itvTask: value } }) as LiveTopicMessage<'tasks'>;

  it('replaces a listed one, reloads for new, deleted and hidden completed ones', () => {
    expect(
      (withItvTaskChange(page, message(1, itvTask(1, { trailer: 'ITV-9' })), false) as typeof page).itvTasks[0]!
        .trailer,
    ).toBe('ITV-9');
    expect(withItvTaskChange(page, message(2, itvTask(2)), false)).toBe(REFETCH);
    expect(withItvTaskChange(page, message(1, null), false)).toBe(REFETCH);
    expect(withItvTaskChange(page, message(1, itvTask(1, { completedDate: 3 })), false)).toBe(REFETCH);
    expect(withItvTaskChange(page, changed('created', [testTask(1)]), false)).toBe(page);
  });
});

describe("a machine terminal's queue", () => {
  const queue: MachineQueue = {
    machineId: 1,
    machineName: 'RS-01',
    machineStatus: 'Working',
    tasks: [testTask(1), testTask(2)],
  };

  it('takes new tasks of its own and of ALL in queue order, not those of other machines', () => {
    const next = withQueueChange(
      queue,
      changed('created', [
        testTask(3, { onPriority: true }),
        testTask(4, { assignedToMachine: 'ALL' }),
        testTask(5, { assignedToMachine: 'RS-02' }),
      ]),
    );
    expect(next.tasks.map((task) => task.taskId)).toEqual([3, 1, 2, 4]);
  });

  it('drops a task completed, moved to another machine or deleted; a started one goes first', () => {
    expect(
      withQueueChange(queue, changed('completed', [testTask(1, { completionDate: 9 })])).tasks.map(
        (task) => task.taskId,
      ),
    ).toEqual([2]);
    expect(
      withQueueChange(queue, changed('transferred', [testTask(2, { assignedToMachine: 'RS-02' })])).tasks.map(
        (task) => task.taskId,
      ),
    ).toEqual([1]);
    expect(withQueueChange(queue, deleted([1, 2])).tasks).toEqual([]);
    expect(
      withQueueChange(queue, changed('updated', [testTask(2, { startedAt: 50 })])).tasks.map((task) => task.taskId),
    ).toEqual([2, 1]);
    expect(withQueueChange(queue, changed('updated', [testTask(7, { assignedToMachine: 'RS-05' })]))).toBe(queue);
  });
});

describe('the yard exceptions panel', () => {
  const exception = (id: number, changes: Partial<YardException> = {}): YardException => ({
    id,
    kind: 'slotTaken',
    eventKind: 'drop',
    machineId: 1,
    machineName: 'RS-01',
    containerNumber: 'MSCU1234565',
    tagId: null,
    location: 'A_01_01_1',
    latitude: null,
    longitude: null,
    height: 1,
    message: 'taken',
    occurredAt: id,
    resolvedAt: null,
    resolvedBy: null,
    resolution: null,
    ...changes,
  });
  const message = (value: YardException) =>
    ({
      type: 'yard.exception.v1',
      topic: 'yard-exceptions',
      eventId: 'e',
      at: 1,
      data: { exception: value },
    }) as LiveTopicMessage<'yard-exceptions'>;
  const page = { exceptions: [exception(2), exception(1)], totalCount: 2 };

  it('puts a new exception on top and counts it, within the limit', () => {
    const next = withYardException(page, message(exception(3)), 2);
    expect(next).toEqual({ exceptions: [exception(3), exception(2)], totalCount: 3 });
  });

  it('takes a resolved one away; one it does not show reloads', () => {
    expect(withYardException(page, message(exception(1, { resolvedAt: 9 })), 15)).toEqual({
      exceptions: [exception(2)],
      totalCount: 1,
    });
    expect(withYardException(page, message(exception(7, { resolvedAt: 9 })), 15)).toBe(REFETCH);
  });
});

describe('where a driver takes a task', () => {
  it('reads the slot title of Slot, else the target with its details', () => {
    expect(taskTarget({ toLocation: 'Slot', toLocationDetails: 'A_01_02_1' })).toBe('A_01_02_1');
    expect(taskTarget({ toLocation: 'Trailer', toLocationDetails: null })).toBe('Trailer');
    expect(taskTarget({ toLocation: 'B_01_01_2', toLocationDetails: 'B_01_01' })).toBe('B_01_01_2 (B_01_01)');
    expect(taskTarget({ toLocation: null, toLocationDetails: null })).toBe('');
  });
});
