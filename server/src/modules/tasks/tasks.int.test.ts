import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  joinIdList,
  joinSearchTerms,
  messages,
  utf8Bytes,
  type LiveMessage,
  type TaskInput,
} from '@openyard/contracts';
import { outcome } from '../../test/api-client';
import { createTestApp, createUserWithPermissions, type TestApp } from '../../test/test-app';
import { projectEvents } from '../../live/projection';
import { addContainer } from '../../test/yard-fixtures';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let operator: Awaited<ReturnType<TestApp['login']>>;
let manager: Awaited<ReturnType<TestApp['login']>>;
const live: LiveMessage[] = [];

let serial = 0;
// A text unique to this run and test, so that searches find only the test's own rows.
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${(serial += 1)}`.toUpperCase();
// An 11-character container number of its own (4 letters, 7 digits).
const number = () => `TSKU${String(1_000_000 + Math.floor(Math.random() * 8_999_999)).slice(0, 7)}`;

let machineA = '';
let machineB = '';

const task = (over: Partial<TaskInput> = {}): TaskInput => ({
  containerNumber: number(),
  taskType: 'Grounding',
  deliveryMode: 'Loaded',
  fromLocation: 'Trailer',
  toLocation: 'Import Zone',
  assignedToMachine: 'ALL',
  ...over,
});

// A 20 m square east and north (metres) of the yard centre.
const square = (east: number, north: number) => {
  const { latitude, longitude } = t.config.yard.yardCenter;
  const corner = (x: number, y: number) => ({ latitude: latitude + y / 111_320, longitude: longitude + x / 80_000 });
  return [corner(east, north), corner(east + 20, north), corner(east + 20, north + 20), corner(east, north + 20)];
};

// Places only one test uses, drawn for tasks (TASK_TO_LOCATION) west of the yard: a task's "to"
// must be a place of the yard (issue 22), and a unique place finds a test's own tasks in a database
// other tests share.
async function places(...names: string[]) {
  for (const name of names)
    await superadmin.api.yardLocations.create({
      body: { name, type: 'TASK_TO_LOCATION', coordinates: square(-600, 600) },
    });
}

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  operator = await t.login('operator');
  manager = await t.login('manager');
  t.bus.subscribe((batch) => live.push(...projectEvents(batch)));
  machineA = unique('RS-A');
  machineB = unique('RS-B');
  for (const machineName of [machineA, machineB])
    await superadmin.api.machines.save({ body: { machineName, machineType: 'Reach-Stacker' } });
});
afterAll(() => t.close());

const eventually = async (check: () => boolean) => {
  for (let attempt = 0; attempt < 100 && !check(); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
};

describe('saving tasks (spec 3 §5)', () => {
  it('saves an array, the number cut to 11 characters, and announces them on tasks', async () => {
    const first = task({
      containerNumber: ` ${number().toLowerCase()}XYZ `,
      assignedToMachine: machineA.toLowerCase(),
    });
    const second = task({ taskType: 'Weighbridge', deliveryMode: '', toLocation: 'Weighbridge' });
    const saved = await operator.api.tasks.save({ body: [first, second] });
    expect(saved.responsestatus).toBe('success');
    expect(saved.tasks).toHaveLength(2);
    expect(saved.tasks[0]!.containerNumber).toBe(first.containerNumber.trim().toUpperCase().slice(0, 11));
    expect(saved.tasks[0]!.assignedToMachine).toBe(machineA);
    expect(saved.tasks[0]!.status).toBe('pending');
    expect(saved.tasks[1]!.deliveryMode).toBeNull();
    const ids = saved.tasks.map((item) => item.taskId);
    await eventually(() =>
      live.some(
        (message) =>
          message.type === 'tasks.changed.v1' &&
          message.topic === 'tasks' &&
          message.data.change === 'created' &&
          message.data.tasks.some((item) => item.taskId === ids[0]),
      ),
    );
    expect(await operator.api.tasks.get({ params: { id: ids[0]! } })).toEqual(saved.tasks[0]);
  });

  it('refuses what the rules refuse, server-side, and saves nothing of the array', async () => {
    const good = task();
    const cases: [TaskInput, string][] = [
      [task({ assignedToMachine: '' }), messages.taskIncomplete],
      [task({ fromLocation: null }), messages.taskIncomplete],
      [task({ toLocation: 'Slot' }), messages.taskSlotTitleRequired],
      [
        task({ taskType: 'Export Loading', deliveryMode: 'Labour', toLocation: 'Trailer' }),
        messages.gateTaskTypeRule('Export Loading'),
      ],
      [task({ assignedToMachine: 'NO-SUCH-MACHINE' }), messages.taskUnknownMachine('NO-SUCH-MACHINE')],
      [task({ toLocation: 'Moon Base' }), messages.taskUnknownLocation('Moon Base')],
    ];
    for (const [bad, message] of cases) {
      const answer = await outcome(operator.api.tasks.save({ body: [good, bad] }));
      expect(answer.status, message).toBe(400);
      expect((answer.body as unknown as { message: string }).message).toBe(message);
    }
    const found = await operator.api.tasks.find({
      query: { containerNumber: good.containerNumber, taskType: good.taskType, from: 'Trailer', to: 'Import Zone' },
    });
    expect(found).toEqual({ found: false, task: null, message: null });
  });

  it('takes as "to" a place drawn for tasks on /yard-locations, by its name in any case, and no longer once it is gone', async () => {
    const name = unique('Shed');
    const { location } = await superadmin.api.yardLocations.create({
      body: { name, type: 'TASK_TO_LOCATION', coordinates: square(-500, 400) },
    });
    const [saved] = (await operator.api.tasks.save({ body: [task({ toLocation: ` ${name.toLowerCase()} ` })] })).tasks;
    expect(saved!.toLocation).toBe(name.toLowerCase());
    await superadmin.api.yardLocations.delete({ params: { id: location.id } });
    const refused = await outcome(operator.api.tasks.save({ body: [task({ toLocation: name })] }));
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as { message: string }).message).toBe(messages.taskUnknownLocation(name));
  });

  it('takes as "to" a yard zone drawn on /yard-locations (the yard zones are the YARD_ZONE locations)', async () => {
    const [saved] = (await operator.api.tasks.save({ body: [task({ toLocation: 'North Stacks' })] })).tasks;
    expect(saved!.toLocation).toBe('North Stacks');
    const zone = unique('Stacks');
    const { location } = await superadmin.api.yardLocations.create({
      body: { name: zone, type: 'YARD_ZONE', coordinates: square(-500, 500) },
    });
    expect((await operator.api.tasks.save({ body: [task({ toLocation: zone })] })).tasks[0]!.toLocation).toBe(zone);
    await superadmin.api.yardLocations.delete({ params: { id: location.id } });
    const refused = await outcome(operator.api.tasks.save({ body: [task({ toLocation: zone })] }));
    expect((refused.body as unknown as { message: string }).message).toBe(messages.taskUnknownLocation(zone));
  });

  it('finds a duplicate with the spec message and refuses to save it', async () => {
    const original = task();
    const [saved] = (await operator.api.tasks.save({ body: [original] })).tasks;
    const query = {
      containerNumber: original.containerNumber,
      taskType: 'grounding',
      from: 'TRAILER',
      to: 'import zone',
    };
    const found = await operator.api.tasks.find({ query });
    expect(found.found).toBe(true);
    expect(found.task!.taskId).toBe(saved!.taskId);
    expect(found.message).toBe(
      'Another task already exist with same task type, container number, from and to locations',
    );
    const again = await outcome(operator.api.tasks.save({ body: [original] }));
    expect(again.status).toBe(409);
    expect((again.body as unknown as { message: string }).message).toBe(messages.taskDuplicate);
    // Twice in one save.
    const twice = task();
    expect((await outcome(operator.api.tasks.save({ body: [twice, twice] }))).status).toBe(409);
    // Completed, it is no longer a duplicate.
    await operator.api.tasks.complete({ body: { taskIds: [saved!.taskId] } });
    expect((await operator.api.tasks.find({ query })).found).toBe(false);
    expect((await operator.api.tasks.save({ body: [original] })).tasks).toHaveLength(1);
  });

  it('edits a pending task by its id, and not a completed one', async () => {
    const [saved] = (await operator.api.tasks.save({ body: [task()] })).tasks;
    const edited = await operator.api.tasks.save({
      body: [
        { ...task({ containerNumber: saved!.containerNumber }), taskId: saved!.taskId, toLocation: 'Export Zone' },
      ],
    });
    expect(edited.tasks[0]).toMatchObject({ taskId: saved!.taskId, toLocation: 'Export Zone' });
    await eventually(() =>
      live.some(
        (message) =>
          message.type === 'tasks.changed.v1' &&
          message.data.change === 'updated' &&
          message.data.tasks.some((item) => item.taskId === saved!.taskId),
      ),
    );
    await operator.api.tasks.complete({ body: { taskIds: [saved!.taskId] } });
    const late = await outcome(operator.api.tasks.save({ body: [{ ...task(), taskId: saved!.taskId }] }));
    expect(late.status).toBe(409);
  });

  it('is for admins on the tasks screen, and needs the enterprise version', async () => {
    expect((await outcome(manager.api.tasks.save({ body: [task()] }))).status).toBe(403);
    expect((await outcome(manager.api.tasks.page({ query: {} }))).status).toBe(403);
    const community = await createTestApp({ env: { EDITION: 'community' } });
    try {
      const admin = await community.login('superadmin');
      const answer = await outcome(admin.api.tasks.save({ body: [task()] }));
      expect(answer.status).toBe(403);
      expect((answer.body as unknown as { message: string }).message).toBe(messages.lockedFeature);
    } finally {
      await community.close();
    }
  });
});

describe('the task list (spec 3 §7, §9)', () => {
  it('searches with terms joined by &*, pages with a 0-based skip, -1 for all, and hides completed tasks', async () => {
    const marker = unique('ZN');
    await places(`${marker} 0`, `${marker} 1`, `${marker} 2`);
    const saved = (
      await operator.api.tasks.save({
        body: [0, 1, 2].map((index) => task({ toLocation: `${marker} ${index}`, assignedToMachine: machineB })),
      })
    ).tasks;
    const ids = saved.map((item) => item.taskId);
    const searchText = joinSearchTerms([marker, machineB]);
    const first = await operator.api.tasks.page({ query: { searchText, skip: 0, limit: 2 } });
    expect(first.totalCount).toBe(3);
    // Newest first (generateDate descending, ties by id).
    expect(first.tasks.map((item) => item.taskId)).toEqual([ids[2], ids[1]]);
    const second = await operator.api.tasks.page({ query: { searchText, skip: 2, limit: 2 } });
    expect(second.tasks.map((item) => item.taskId)).toEqual([ids[0]]);
    expect(second.totalCount).toBe(3);
    // A page past the end is empty and still counts every match.
    expect(await operator.api.tasks.page({ query: { searchText, skip: 10, limit: 2 } })).toEqual({
      tasks: [],
      totalCount: 3,
    });
    const all = await operator.api.tasks.page({ query: { searchText, skip: -1, limit: -1 } });
    expect(all.tasks).toHaveLength(3);
    const ascending = await operator.api.tasks.page({
      query: { searchText, sortBy: 'toLocation', sortOrder: 'asc' },
    });
    expect(ascending.tasks.map((item) => item.toLocation)).toEqual([0, 1, 2].map((index) => `${marker} ${index}`));
    // Every term must match.
    expect(
      (await operator.api.tasks.page({ query: { searchText: joinSearchTerms([marker, machineA]) } })).totalCount,
    ).toBe(0);

    await operator.api.tasks.complete({ body: { taskIds: [ids[0]!] } });
    expect((await operator.api.tasks.page({ query: { searchText } })).totalCount).toBe(2);
    const withCompleted = await operator.api.tasks.page({ query: { searchText, includeCompleted: true } });
    expect(withCompleted.totalCount).toBe(3);
    const done = withCompleted.tasks.find((item) => item.taskId === ids[0])!;
    expect(done.status).toBe('completed');
    expect(done.completedBy).toBe('operator');
    expect(done.completionDate).toBeGreaterThanOrEqual(done.generationDate);

    // Completed included and no search: no condition at all, every task counted (the screen's
    // "include completed" with an empty search box).
    const everything = await operator.api.tasks.page({ query: { includeCompleted: true, limit: 1 } });
    expect(everything.tasks).toHaveLength(1);
    expect(everything.totalCount).toBeGreaterThanOrEqual(3);
  });

  it("shows a task's parent container number and size on the list", async () => {
    const container = await addContainer(t, superadmin.auth, { sizeName: '40' });
    const marker = unique('PT');
    await places(marker, `${marker} alone`);
    const [parent] = (
      await operator.api.tasks.save({
        body: [task({ containerNumber: container.containerNumber, containerId: container.id })],
      })
    ).tasks;
    await operator.api.tasks.save({
      body: [task({ parentTaskId: parent!.taskId, toLocation: marker }), task({ toLocation: `${marker} alone` })],
    });
    const page = await operator.api.tasks.page({
      query: { searchText: marker, sortBy: 'toLocation', sortOrder: 'asc' },
    });
    expect(page.tasks.map((item) => [item.parentTaskId, item.parentTaskCtrNumber, item.parentTaskCtrSize])).toEqual([
      [parent!.taskId, container.containerNumber, '40'],
      [null, null, null],
    ]);
  });

  it('refuses an unknown task and a search of too many terms', async () => {
    expect((await outcome(operator.api.tasks.get({ params: { id: 999_999_999 } }))).status).toBe(404);
    const many = joinSearchTerms(Array.from({ length: 9 }, (_, index) => `t${index}`));
    expect((await outcome(operator.api.tasks.page({ query: { searchText: many } }))).status).toBe(400);
  });
});

describe('complete, delete and transfer (spec 3 §4, §5, §7)', () => {
  it('completes once; a second complete is refused', async () => {
    const [saved] = (await operator.api.tasks.save({ body: [task()] })).tasks;
    const done = await operator.api.tasks.complete({ body: { taskIds: [saved!.taskId] } });
    expect(done.tasks[0]!.status).toBe('completed');
    await eventually(() =>
      live.some(
        (message) =>
          message.type === 'tasks.changed.v1' &&
          message.data.change === 'completed' &&
          message.data.tasks.some((item) => item.taskId === saved!.taskId),
      ),
    );
    const again = await outcome(operator.api.tasks.complete({ body: { taskIds: [saved!.taskId] } }));
    expect(again.status).toBe(409);
    expect((again.body as unknown as { message: string }).message).toBe(
      messages.taskAlreadyCompleted(saved!.containerNumber),
    );
  });

  it('deletes by comma-joined ids, all or none', async () => {
    const saved = (await operator.api.tasks.save({ body: [task(), task()] })).tasks;
    const ids = saved.map((item) => item.taskId);
    const missing = await outcome(
      operator.api.tasks.delete({ query: { taskIds: joinIdList([ids[0]!, 999_999_999]) } }),
    );
    expect(missing.status).toBe(404);
    expect((await operator.api.tasks.get({ params: { id: ids[0]! } })).taskId).toBe(ids[0]);
    const deleted = await operator.api.tasks.delete({ query: { taskIds: joinIdList(ids) } });
    expect(deleted.tasks.map((item) => item.taskId)).toEqual(ids);
    expect((await outcome(operator.api.tasks.get({ params: { id: ids[0]! } }))).status).toBe(404);
    await eventually(() =>
      live.some((message) => message.type === 'tasks.deleted.v1' && message.data.taskIds.includes(ids[1]!)),
    );
    const bad = await t.app.inject({ method: 'DELETE', url: '/rest/tasks?taskIds=1,,2', headers: operator.auth });
    expect(bad.statusCode).toBe(400);
  });

  it('moves tasks to another machine, never to their own', async () => {
    const saved = (await operator.api.tasks.save({ body: [task({ assignedToMachine: machineA }), task()] })).tasks;
    const ids = saved.map((item) => item.taskId);
    const same = await outcome(operator.api.tasks.transfer({ body: { taskIds: ids, toMachine: machineA } }));
    expect(same.status).toBe(400);
    expect((same.body as unknown as { message: string }).message).toBe('The source and target machines must differ');
    const unknown = await outcome(operator.api.tasks.transfer({ body: { taskIds: ids, toMachine: 'NOPE' } }));
    expect(unknown.status).toBe(400);
    const moved = await operator.api.tasks.transfer({ body: { taskIds: ids, toMachine: machineB } });
    expect(moved.tasks.map((item) => item.assignedToMachine)).toEqual([machineB, machineB]);
    await eventually(() =>
      live.some(
        (message) =>
          message.type === 'tasks.changed.v1' &&
          message.data.change === 'transferred' &&
          message.data.tasks.some((item) => item.taskId === ids[0]),
      ),
    );
  });
});

describe('export and download (spec 3 §7)', () => {
  it('writes the filtered tasks to a workbook that its maker downloads by its report name', async () => {
    const marker = unique('EX');
    await places(marker);
    await operator.api.tasks.save({
      body: [
        task({ toLocation: marker, assignedToMachine: machineA }),
        task({ toLocation: marker, taskType: 'Examination', deliveryMode: 'Crane' }),
      ],
    });
    const { filePath } = await operator.api.tasks.exportXls({
      body: { from: '2000-01-01', to: '2100-01-01', machines: [machineA], taskCompletionStatus: 'Pending' },
    });
    expect(filePath).toMatch(/\.xlsx$/);
    const bytes = await operator.api.tasks.download({ query: { reportName: filePath } });
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes);
    const sheet = book.worksheets[0]!;
    const rows: string[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) rows.push(`${row.getCell(6).text}|${row.getCell(8).text}`);
    });
    expect(rows).toContain(`${marker}|${machineA}`);
    expect(rows.every((row) => row.endsWith(`|${machineA}`))).toBe(true);
    // Another user may not fetch it; a name that is no export is not found.
    const other = await createUserWithPermissions(t, superadmin.auth, unique('exrole'), { tasksVisible: true });
    expect((await outcome(other.api.tasks.download({ query: { reportName: filePath } }))).status).toBe(403);
    expect((await outcome(operator.api.tasks.download({ query: { reportName: 'x/y.xlsx' } }))).status).toBe(404);
  });
});

describe('upload of a tasks file (spec 3 §7)', () => {
  it('answers one result per row and saves the good rows only', async () => {
    const good = number();
    const duplicate = number();
    await operator.api.tasks.save({ body: [task({ containerNumber: duplicate, toLocation: 'Import Zone' })] });
    const text = [
      'Container Number,Task Type,Delivery Mode,From Location,To Location,Machine',
      `${good},Grounding,Loaded,Trailer,Import Zone,${machineA}`,
      `${duplicate},Grounding,Loaded,Trailer,Import Zone,`,
      `${number()},Export Loading,Labour,Yard,Trailer,`,
      `${number()},Grounding,Loaded,Trailer,Import Zone,NO-MACHINE`,
      `${number()},Grounding,Loaded,Trailer,Atlantis,`,
    ].join('\n');
    const answer = await operator.api.tasks.upload({
      body: { file: { name: 'tasks.csv', type: 'text/csv', content: utf8Bytes(text) } },
    });
    expect(answer.responsestatus).toBe('partial');
    expect(answer.saved).toBe(1);
    expect(answer.rows).toEqual([
      { row: 2, status: 'Saved' },
      { row: 3, status: 'Refused', message: messages.taskDuplicate },
      { row: 4, status: 'Refused', message: messages.gateTaskTypeRule('Export Loading') },
      { row: 5, status: 'Refused', message: messages.taskUnknownMachine('NO-MACHINE') },
      { row: 6, status: 'Refused', message: messages.taskUnknownLocation('Atlantis') },
    ]);
    const found = await operator.api.tasks.page({ query: { searchText: good } });
    expect(found.tasks.map((item) => [item.containerNumber, item.source, item.assignedToMachine])).toEqual([
      [good, 'upload', machineA],
    ]);
    const unreadable = await outcome(
      operator.api.tasks.upload({
        body: { file: { name: 'x.csv', type: 'text/csv', content: utf8Bytes('a,b\n1,2') } },
      }),
    );
    expect(unreadable.status).toBe(400);
  });
});

describe('ITV tasks (spec 3 §3, §5, §7)', () => {
  it('are saved, found, edited, listed and deleted, with the ITV rule and duplicate message', async () => {
    const types = await operator.api.tasks.itvTaskTypes();
    expect(types.length).toBeGreaterThan(0);
    const input = {
      containerNumber: number(),
      taskType: types[0]!.name,
      trailer: unique('ITV'),
      fromLocation: 'Quay',
      toLocation: 'Import Zone',
    };
    const incomplete = await outcome(operator.api.tasks.saveItvTask({ body: { ...input, trailer: ' ' } }));
    expect(incomplete.status).toBe(400);
    expect((incomplete.body as unknown as { message: string }).message).toBe(messages.itvTaskIncomplete);
    const { itvTask } = await operator.api.tasks.saveItvTask({ body: input });
    expect(itvTask).toMatchObject({ trailer: input.trailer, completedDate: null });
    await eventually(() =>
      live.some((message) => message.type === 'tasks.itvTask.v1' && message.data.itvTaskId === itvTask.taskId),
    );
    const found = await operator.api.tasks.findItvTask({
      query: { containerNumber: input.containerNumber, taskType: input.taskType, from: 'Quay', to: 'Import Zone' },
    });
    expect(found.message).toBe(
      'Another itv task already exist with same task type, container number, from and to locations',
    );
    const duplicate = await outcome(operator.api.tasks.saveItvTask({ body: input }));
    expect(duplicate.status).toBe(409);
    const edited = await operator.api.tasks.saveItvTask({
      body: { ...input, taskId: itvTask.taskId, toLocation: 'LCL Shed' },
    });
    expect(edited.itvTask.toLocation).toBe('LCL Shed');
    expect((await operator.api.tasks.itvTask({ params: { id: itvTask.taskId } })).toLocation).toBe('LCL Shed');
    const page = await operator.api.tasks.itvTasks({ query: { searchText: input.trailer } });
    expect(page.itvTasks.map((item) => item.taskId)).toEqual([itvTask.taskId]);
    expect(page.totalCount).toBe(1);
    await operator.api.tasks.deleteItvTasks({ query: { itvTaskIds: String(itvTask.taskId) } });
    expect((await outcome(operator.api.tasks.itvTask({ params: { id: itvTask.taskId } }))).status).toBe(404);
    expect(
      (await outcome(operator.api.tasks.deleteItvTasks({ query: { itvTaskIds: String(itvTask.taskId) } }))).status,
    ).toBe(404);
  });
});

describe('the machine terminal (issue 17)', () => {
  it('shows the machine’s queue and ALL’s in order; the driver starts, reports and completes', async () => {
    const marker = unique('Q');
    await places(`${marker} own`, `${marker} all`, `${marker} first`, `${marker} other`);
    const saved = (
      await operator.api.tasks.save({
        body: [
          task({ toLocation: `${marker} own`, assignedToMachine: machineA }),
          task({ toLocation: `${marker} all` }),
          task({ toLocation: `${marker} first`, assignedToMachine: machineA, onPriority: true }),
          task({ toLocation: `${marker} other`, assignedToMachine: machineB }),
        ],
      })
    ).tasks;
    const [own, all, urgent, other] = saved.map((item) => item.taskId);
    const queue = await operator.api.tasks.machineQueue({ params: { machineName: machineA.toLowerCase() } });
    expect(queue.machineName).toBe(machineA);
    const mine = queue.tasks.filter((item) => item.toLocation?.startsWith(marker)).map((item) => item.taskId);
    expect(mine).toEqual([urgent, own, all]);
    expect(mine).not.toContain(other);

    // Starting ALL's task makes it this machine's.
    const started = await operator.api.tasks.startMachineTask({ params: { machineName: machineA, id: all! } });
    expect(started.task).toMatchObject({ assignedToMachine: machineA, startedByMachine: machineA, status: 'started' });
    const reported = await operator.api.tasks.reportMachineTaskProblem({
      params: { machineName: machineA, id: all! },
      body: { problem: 'Stack blocked by a reefer' },
    });
    expect(reported.task.status).toBe('problem');
    const done = await operator.api.tasks.completeMachineTask({ params: { machineName: machineA, id: all! } });
    expect(done.task).toMatchObject({ status: 'completed', completedByMachine: machineA });
    expect(
      (await outcome(operator.api.tasks.startMachineTask({ params: { machineName: machineA, id: other! } }))).status,
    ).toBe(409);
    expect((await outcome(operator.api.tasks.machineQueue({ params: { machineName: 'NO-SUCH' } }))).status).toBe(404);
  });
});

describe('yard exceptions (issue 17)', () => {
  it('lists none resolved by default and refuses to resolve an unknown one', async () => {
    const page = await operator.api.tasks.yardExceptions({ query: {} });
    expect(page.exceptions.every((item) => item.resolvedAt === null)).toBe(true);
    const answer = await outcome(
      operator.api.tasks.resolveYardException({ params: { id: 999_999_999 }, body: { resolution: 'checked' } }),
    );
    expect(answer.status).toBe(404);
  });
});
