import { Type, type Static } from 'typebox';
import { FileField } from './api/multipart';
import { ExportFormat, SortOrderSchema, YardDayText } from './common';
import { PAGE_SIZES } from './rules/paging';

// Tasks and ITV tasks (spec 3 §2 Tasks page, §3 Task / ITV task, §4 Task, §5, §7 Tasks), the
// machine terminal's queue (issue 17, beyond the spec) and the yard exceptions that machine events
// raise when the yard model disagrees with what a machine did.
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const OptionalText = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

// Where a task stands: pending (no completion date), started by a machine, held up by a problem its
// driver reported, or completed (spec 3 §4; started and problem are the terminal's).
export const TASK_STATUSES = ['pending', 'started', 'problem', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

// Who made a task.
export const TASK_SOURCES = ['gate', 'planning', 'user', 'kiosk', 'upload'] as const;
export type TaskSource = (typeof TASK_SOURCES)[number];

// A task as the list, the terminal and the live messages show it (spec 3 §3 Task). Times in epoch
// ms; `generateDate` is the sort field and equals `generationDate`.
export const Task = Type.Object({
  taskId: Type.Integer(),
  containerId: Nullable(Type.Integer()),
  containerNumber: Type.String(),
  taskType: Type.String(),
  deliveryMode: Nullable(Type.String()),
  fromLocation: Nullable(Type.String()),
  toLocation: Nullable(Type.String()),
  toLocationDetails: Nullable(Type.String()),
  assignedToMachine: Type.String(),
  onPriority: Type.Boolean(),
  parentTaskId: Nullable(Type.Integer()),
  parentTaskCtrNumber: Nullable(Type.String()),
  parentTaskCtrSize: Nullable(Type.String()),
  generationDate: Type.Integer(),
  generateDate: Type.Integer(),
  completionDate: Nullable(Type.Integer()),
  // The user who completed it (the list's complete action), or null.
  completedBy: Nullable(Type.String()),
  // The machine that did it (its drop or its terminal), or null.
  completedByMachine: Nullable(Type.String()),
  startedAt: Nullable(Type.Integer()),
  startedByMachine: Nullable(Type.String()),
  // What the driver reported when the task could not be done, until it is started again.
  problem: Nullable(Type.String()),
  status: Type.Enum(TASK_STATUSES),
  source: Type.Enum(TASK_SOURCES),
  visitId: Nullable(Type.Integer()),
  createdBy: Nullable(Type.String()),
});
export type Task = Static<typeof Task>;

// One task to save (POST /rest/tasks takes an array). With `taskId` it edits that pending task.
// Server-side the rules of contracts/src/rules/tasks.ts apply: the six fields of "Task save", the
// task type rules, a slot title for Slot, the duplicate check (spec 3 §5).
export const TaskInput = Type.Object(
  {
    taskId: Type.Optional(Type.Integer({ minimum: 1 })),
    containerId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    // Up to 20 as typed; the first 11 characters are saved (spec 3 §5).
    containerNumber: Type.String({ maxLength: 20 }),
    taskType: Type.String({ maxLength: 40 }),
    deliveryMode: Type.Optional(Type.String({ maxLength: 40 })),
    fromLocation: OptionalText(60),
    toLocation: OptionalText(60),
    toLocationDetails: OptionalText(60),
    assignedToMachine: Type.Optional(Type.String({ maxLength: 40 })),
    onPriority: Type.Optional(Type.Boolean()),
    parentTaskId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type TaskInput = Static<typeof TaskInput>;

// The most tasks one save takes (a bulk IGM save is an IGM's items).
export const TASKS_SAVE_MAX = 500;
export const TasksSaveBody = Type.Array(TaskInput, { minItems: 1, maxItems: TASKS_SAVE_MAX });
export type TasksSaveBody = Static<typeof TasksSaveBody>;
export const TasksSaved = Type.Object({ responsestatus: Type.String(), tasks: Type.Array(Task) });
export type TasksSaved = Static<typeof TasksSaved>;

// The list's sortable columns (spec 3 §7 sortBy; §9 default generateDate descending).
export const TASK_SORT_FIELDS = [
  'generateDate',
  'containerNumber',
  'taskType',
  'deliveryMode',
  'fromLocation',
  'toLocation',
  'assignedToMachine',
  'completionDate',
] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];

// A limit this large, or -1 (all), is what the list takes at most in one answer otherwise.
export const TASKS_MAX_LIMIT = 1000;

// GET /rest/tasks (spec 3 §7): searchText joined by '&*', a 0-based skip (spec 3 §9), skip -1 and
// limit -1 mean all.
export const TasksQuery = Type.Object({
  searchText: Type.Optional(Type.String({ maxLength: 200 })),
  skip: Type.Optional(Type.Integer({ minimum: -1, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: -1, maximum: TASKS_MAX_LIMIT, default: PAGE_SIZES.tasks })),
  includeCompleted: Type.Optional(Type.Boolean({ default: false })),
  sortBy: Type.Optional(Type.Enum(TASK_SORT_FIELDS, { default: 'generateDate' })),
  sortOrder: Type.Optional(SortOrderSchema),
});
export type TasksQuery = Static<typeof TasksQuery>;
export const TasksPage = Type.Object({ tasks: Type.Array(Task), totalCount: Type.Integer() });
export type TasksPage = Static<typeof TasksPage>;

// GET /rest/tasks/find (spec 3 §5 Duplicate check): an open task with the same type, container
// number, from and to; `message` is the spec's text when one is found.
export const TaskFindQuery = Type.Object({
  containerNumber: Type.String({ minLength: 1, maxLength: 20 }),
  taskType: Type.String({ minLength: 1, maxLength: 40 }),
  from: Type.Optional(Type.String({ maxLength: 60 })),
  to: Type.Optional(Type.String({ maxLength: 60 })),
});
export type TaskFindQuery = Static<typeof TaskFindQuery>;
export const TaskFindResult = Type.Object({
  found: Type.Boolean(),
  task: Nullable(Task),
  message: Nullable(Type.String()),
});
export type TaskFindResult = Static<typeof TaskFindResult>;

// Ids sent in a query (DELETE has no body): comma-joined, as the ITVs' delete (spec 2 §7).
export const ID_LIST_PATTERN = '^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14})*$';
const IdList = Type.String({ minLength: 1, maxLength: 8000, pattern: ID_LIST_PATTERN });
export const TaskIdsQuery = Type.Object({ taskIds: IdList });
export type TaskIdsQuery = Static<typeof TaskIdsQuery>;
const TaskIds = Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: TASKS_MAX_LIMIT });
export const TaskCompleteBody = Type.Object({ taskIds: TaskIds }, { additionalProperties: false });
export type TaskCompleteBody = Static<typeof TaskCompleteBody>;
// Move tasks (spec 3 §5): to another machine, or to ALL.
export const TaskTransferBody = Type.Object(
  { taskIds: TaskIds, toMachine: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);
export type TaskTransferBody = Static<typeof TaskTransferBody>;
// What complete, transfer and delete answer: the tasks they changed (deleted: as they were).
export const TasksChanged = Type.Object({
  responsestatus: Type.String(),
  message: Type.Optional(Type.String()),
  tasks: Type.Array(Task),
});
export type TasksChanged = Static<typeof TasksChanged>;

// Report statuses (spec 3 §9).
export const TASK_COMPLETION_STATUSES = ['ALL', 'Pending', 'Completed'] as const;
export type TaskCompletionStatus = (typeof TASK_COMPLETION_STATUSES)[number];
// POST /rest/tasks/exportXls (spec 3 §7): tasks generated on the yard days from..to, of these
// machines, delivery modes and task types (empty: all); answers the file's path.
export const TaskExportBody = Type.Object(
  {
    from: YardDayText,
    to: YardDayText,
    machines: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 500 })),
    deliveryModes: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 100 })),
    taskTypes: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 100 })),
    taskCompletionStatus: Type.Optional(Type.Enum(TASK_COMPLETION_STATUSES, { default: 'ALL' })),
    format: Type.Optional(ExportFormat),
  },
  { additionalProperties: false },
);
export type TaskExportBody = Static<typeof TaskExportBody>;
// GET /rest/tasks/download: the report's name is the path exportXls answered (or its last two
// segments, token/file); the answer is the file.
export const TaskDownloadQuery = Type.Object({ reportName: Type.String({ minLength: 1, maxLength: 300 }) });
export type TaskDownloadQuery = Static<typeof TaskDownloadQuery>;

// The upload of a tasks file (spec 3 §7 rest/tasks/upload): multipart `file` (xlsx or csv with a
// header row) and `user`. Every row is checked and saved on its own: the answer has one result per
// data row, and a refused row saves nothing of itself (the good rows are saved).
export const TaskUploadBody = Type.Object({
  file: FileField,
  user: Type.Optional(Type.String({ maxLength: 60 })),
});
export type TaskUploadBody = Static<typeof TaskUploadBody>;
// The columns of a tasks sheet, by header (case, spaces and punctuation ignored).
export const TASK_UPLOAD_COLUMNS = {
  containerNumber: ['containernumber', 'container', 'containerno', 'ctrnumber'],
  taskType: ['tasktype', 'type'],
  deliveryMode: ['deliverymode', 'mode'],
  fromLocation: ['fromlocation', 'from'],
  toLocation: ['tolocation', 'to'],
  toLocationDetails: ['tolocationdetails', 'slot', 'slottitle'],
  assignedToMachine: ['assignedtomachine', 'machine'],
  onPriority: ['onpriority', 'priority'],
} as const;
// An upload's answer status: every row saved, some, or none.
export const TASK_UPLOAD_STATUSES = { success: 'success', partial: 'partial', failed: 'failed' } as const;

// ITV task (spec 3 §3): an internal transfer vehicle's move of a container.
export const ItvTask = Type.Object({
  taskId: Type.Integer(),
  ctrId: Nullable(Type.Integer()),
  trailer: Type.String(),
  containerNumber: Type.String(),
  size: Nullable(Type.String()),
  taskType: Type.String(),
  fromLocation: Type.String(),
  toLocation: Type.String(),
  toLocationDetails: Nullable(Type.String()),
  parentTaskId: Nullable(Type.Integer()),
  generationDate: Type.Integer(),
  completedDate: Nullable(Type.Integer()),
  createdBy: Nullable(Type.String()),
});
export type ItvTask = Static<typeof ItvTask>;

// The ITV task create/edit modal's save (with taskId: edit); the spec's ITV rule applies (spec 3 §5).
export const ItvTaskInput = Type.Object(
  {
    taskId: Type.Optional(Type.Integer({ minimum: 1 })),
    ctrId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    trailer: Type.String({ maxLength: 30 }),
    containerNumber: Type.String({ maxLength: 20 }),
    size: OptionalText(20),
    taskType: Type.String({ maxLength: 40 }),
    fromLocation: Type.String({ maxLength: 60 }),
    toLocation: Type.String({ maxLength: 60 }),
    toLocationDetails: OptionalText(60),
    parentTaskId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ItvTaskInput = Static<typeof ItvTaskInput>;
export const ItvTaskSaved = Type.Object({ responsestatus: Type.String(), itvTask: ItvTask });
export type ItvTaskSaved = Static<typeof ItvTaskSaved>;

export const ITV_TASK_SORT_FIELDS = [
  'generationDate',
  'containerNumber',
  'trailer',
  'taskType',
  'fromLocation',
  'toLocation',
  'completedDate',
] as const;
export type ItvTaskSortField = (typeof ITV_TASK_SORT_FIELDS)[number];
export const ItvTasksQuery = Type.Object({
  searchText: Type.Optional(Type.String({ maxLength: 200 })),
  skip: Type.Optional(Type.Integer({ minimum: -1, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: -1, maximum: TASKS_MAX_LIMIT, default: PAGE_SIZES.tasks })),
  includeCompleted: Type.Optional(Type.Boolean({ default: false })),
  sortBy: Type.Optional(Type.Enum(ITV_TASK_SORT_FIELDS, { default: 'generationDate' })),
  sortOrder: Type.Optional(SortOrderSchema),
});
export type ItvTasksQuery = Static<typeof ItvTasksQuery>;
export const ItvTasksPage = Type.Object({ itvTasks: Type.Array(ItvTask), totalCount: Type.Integer() });
export type ItvTasksPage = Static<typeof ItvTasksPage>;
export const ItvTaskFindQuery = Type.Object({
  containerNumber: Type.String({ minLength: 1, maxLength: 20 }),
  taskType: Type.String({ minLength: 1, maxLength: 40 }),
  from: Type.Optional(Type.String({ maxLength: 60 })),
  to: Type.Optional(Type.String({ maxLength: 60 })),
});
export type ItvTaskFindQuery = Static<typeof ItvTaskFindQuery>;
export const ItvTaskFindResult = Type.Object({
  found: Type.Boolean(),
  itvTask: Nullable(ItvTask),
  message: Nullable(Type.String()),
});
export type ItvTaskFindResult = Static<typeof ItvTaskFindResult>;
export const ItvTaskIdsQuery = Type.Object({ itvTaskIds: IdList });
export type ItvTaskIdsQuery = Static<typeof ItvTaskIdsQuery>;

// The machine terminal (issue 17): one machine's queue, in the order of machineQueueOrder, and what
// its driver does with a task.
export const MachineNameParams = Type.Object({ machineName: Type.String({ minLength: 1, maxLength: 40 }) });
export type MachineNameParams = Static<typeof MachineNameParams>;
export const MachineTaskParams = Type.Object({
  machineName: Type.String({ minLength: 1, maxLength: 40 }),
  id: Type.Integer({ minimum: 1 }),
});
export type MachineTaskParams = Static<typeof MachineTaskParams>;
export const MachineQueue = Type.Object({
  machineId: Type.Integer(),
  machineName: Type.String(),
  machineStatus: Type.String(),
  tasks: Type.Array(Task),
});
export type MachineQueue = Static<typeof MachineQueue>;
// What a machine's own MQTT topic carries (topics.machineTasks, retained, QoS 1; issue 17: tasks for
// devices without a screen): its queue as the terminal shows it (inMachineQueue, machineQueueOrder),
// read at `timestamp`; the first MACHINE_TASKS_PUSHED of `totalCount` tasks. A new snapshot replaces
// the last whenever a task of the queue is created, assigned, transferred, started, completed or
// deleted, the machine is edited on the machines screen, and when the server starts or reconnects
// to the broker (machineStatus is as of then: the status telemetry reports is not followed).
export const MACHINE_TASKS_PUSHED = 25;
export const MachineTasksMessage = Type.Object({
  ...MachineQueue.properties,
  totalCount: Type.Integer(),
  timestamp: Type.Integer(),
});
export type MachineTasksMessage = Static<typeof MachineTasksMessage>;
export const TaskProblemBody = Type.Object(
  { problem: Type.String({ minLength: 1, maxLength: 300 }) },
  { additionalProperties: false },
);
export type TaskProblemBody = Static<typeof TaskProblemBody>;
export const TaskChanged = Type.Object({ responsestatus: Type.String(), task: Task });
export type TaskChanged = Static<typeof TaskChanged>;

// Yard exceptions: a machine's pick or drop that the yard model disagrees with (issue 17), kept
// for the control room until someone resolves it. Never a silent overwrite.
export const YARD_EXCEPTION_KINDS = [
  // The drop's slot holds another container.
  'slotTaken',
  // No container of that number is in the yard.
  'unknownContainer',
  // The event's (or the machine's) position is outside every block of the yard.
  'outsideYard',
  // The event names no container (no number, an unknown tag).
  'noContainer',
  // The machine's position is not known (no telemetry yet, none in the event).
  'noPosition',
  // The slot exists but may not take the container (its size, a stack below missing).
  'slotRefused',
] as const;
export type YardExceptionKind = (typeof YARD_EXCEPTION_KINDS)[number];
export const YardException = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(YARD_EXCEPTION_KINDS),
  eventKind: Type.Union([Type.Literal('pick'), Type.Literal('drop')]),
  machineId: Nullable(Type.Integer()),
  machineName: Nullable(Type.String()),
  containerNumber: Nullable(Type.String()),
  tagId: Nullable(Type.String()),
  // The slot the event resolved to (area_row_column_height), if any.
  location: Nullable(Type.String()),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  height: Nullable(Type.Integer()),
  message: Type.String(),
  occurredAt: Type.Integer(),
  resolvedAt: Nullable(Type.Integer()),
  resolvedBy: Nullable(Type.String()),
  resolution: Nullable(Type.String()),
});
export type YardException = Static<typeof YardException>;
export const YardExceptionsQuery = Type.Object({
  includeResolved: Type.Optional(Type.Boolean({ default: false })),
  skip: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: PAGE_SIZES.tasks })),
});
export type YardExceptionsQuery = Static<typeof YardExceptionsQuery>;
export const YardExceptionsPage = Type.Object({
  exceptions: Type.Array(YardException),
  totalCount: Type.Integer(),
});
export type YardExceptionsPage = Static<typeof YardExceptionsPage>;
export const YardExceptionResolveBody = Type.Object(
  { resolution: Type.String({ minLength: 1, maxLength: 300 }) },
  { additionalProperties: false },
);
export type YardExceptionResolveBody = Static<typeof YardExceptionResolveBody>;
