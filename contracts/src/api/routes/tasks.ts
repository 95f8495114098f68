import { Type } from 'typebox';
import { ExportResponse, IdParams } from '../../common';
import { NamedItem } from '../../master-data';
import {
  ItvTask,
  ItvTaskFindQuery,
  ItvTaskFindResult,
  ItvTaskIdsQuery,
  ItvTaskInput,
  ItvTaskSaved,
  ItvTasksPage,
  ItvTasksQuery,
  MachineNameParams,
  MachineQueue,
  MachineTaskParams,
  Task,
  TaskChanged,
  TaskCompleteBody,
  TaskDownloadQuery,
  TaskExportBody,
  TaskFindQuery,
  TaskFindResult,
  TaskIdsQuery,
  TaskProblemBody,
  TasksChanged,
  TasksPage,
  TasksQuery,
  TasksSaveBody,
  TasksSaved,
  TaskTransferBody,
  TaskUploadBody,
  YardException,
  YardExceptionResolveBody,
  YardExceptionsPage,
  YardExceptionsQuery,
} from '../../tasks';
import { UploadResult } from '../../trailers';
import { defineRoute } from '../route';

// Tasks and ITV tasks (spec 3 §7 Tasks; `GET /rest/tasks/task-types` is masterData.taskTypes and
// `GET /rest/tasks/machine-locations` machines.locations). On the tasks page admin, operator and
// superadmin count as admin (spec 3 §6); editing tasks and their report need the enterprise
// version. Completing is what the yard's machines do, so it is not locked to the edition.
const admins = ['superadmin', 'admin', 'operator'] as const;
const read = { flag: 'tasksVisible' } as const;
const write = { flag: 'tasksVisible', roles: admins, write: true, screen: '/tasks' } as const;
// The machine terminal (issue 17): a driver who sees tasks works the queue of the machine.
const terminal = { flag: 'tasksVisible' } as const;
const tags = ['tasks'];

export const tasks = {
  page: defineRoute({ method: 'GET', path: '/rest/tasks', query: TasksQuery, response: TasksPage, access: read, tags }),
  get: defineRoute({ method: 'GET', path: '/rest/tasks/:id', params: IdParams, response: Task, access: read, tags }),
  find: defineRoute({
    method: 'GET',
    path: '/rest/tasks/find',
    query: TaskFindQuery,
    response: TaskFindResult,
    access: read,
    tags,
  }),
  save: defineRoute({
    method: 'POST',
    path: '/rest/tasks',
    body: TasksSaveBody,
    response: TasksSaved,
    access: write,
    feature: 'enterpriseVersion',
    tags,
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/rest/tasks',
    query: TaskIdsQuery,
    response: TasksChanged,
    access: write,
    feature: 'enterpriseVersion',
    tags,
  }),
  complete: defineRoute({
    method: 'PUT',
    path: '/rest/tasks/complete',
    body: TaskCompleteBody,
    response: TasksChanged,
    access: write,
    tags,
  }),
  transfer: defineRoute({
    method: 'POST',
    path: '/rest/tasks/transfer',
    body: TaskTransferBody,
    response: TasksChanged,
    access: write,
    feature: 'enterpriseVersion',
    tags,
  }),
  exportXls: defineRoute({
    method: 'POST',
    path: '/rest/tasks/exportXls',
    body: TaskExportBody,
    response: ExportResponse,
    access: read,
    feature: 'enterpriseVersion',
    tags,
  }),
  download: defineRoute({
    method: 'GET',
    path: '/rest/tasks/download',
    query: TaskDownloadQuery,
    response: Type.Unsafe<ArrayBuffer>({ type: 'string', format: 'binary' }),
    responseKind: 'bytes',
    access: read,
    tags,
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/rest/tasks/upload',
    body: TaskUploadBody,
    bodyKind: 'multipart',
    response: UploadResult,
    access: write,
    feature: 'enterpriseVersion',
    tags,
  }),

  itvTasks: defineRoute({
    method: 'GET',
    path: '/rest/tasks/itv-tasks',
    query: ItvTasksQuery,
    response: ItvTasksPage,
    access: read,
    tags,
  }),
  itvTask: defineRoute({
    method: 'GET',
    path: '/rest/tasks/itv-tasks/:id',
    params: IdParams,
    response: ItvTask,
    access: read,
    tags,
  }),
  itvTaskTypes: defineRoute({
    method: 'GET',
    path: '/rest/tasks/itv-tasks/itv-task-types',
    response: Type.Array(NamedItem),
    access: read,
    tags,
  }),
  findItvTask: defineRoute({
    method: 'GET',
    path: '/rest/tasks/itv-tasks/find',
    query: ItvTaskFindQuery,
    response: ItvTaskFindResult,
    access: read,
    tags,
  }),
  saveItvTask: defineRoute({
    method: 'POST',
    path: '/rest/tasks/itv-tasks',
    body: ItvTaskInput,
    response: ItvTaskSaved,
    access: write,
    tags,
  }),
  deleteItvTasks: defineRoute({
    method: 'DELETE',
    path: '/rest/tasks/itv-tasks',
    query: ItvTaskIdsQuery,
    response: Type.Object({ responsestatus: Type.String(), itvTaskIds: Type.Array(Type.Integer()) }),
    access: write,
    tags,
  }),

  // The control room's yard exceptions (issue 17).
  yardExceptions: defineRoute({
    method: 'GET',
    path: '/rest/tasks/yard-exceptions',
    query: YardExceptionsQuery,
    response: YardExceptionsPage,
    access: read,
    tags,
  }),
  resolveYardException: defineRoute({
    method: 'PUT',
    path: '/rest/tasks/yard-exceptions/:id/resolve',
    params: IdParams,
    body: YardExceptionResolveBody,
    response: YardException,
    access: write,
    tags,
  }),

  // The machine terminal (issue 17): its queue, and the driver's start, problem and done.
  machineQueue: defineRoute({
    method: 'GET',
    path: '/rest/tasks/machine/:machineName/queue',
    params: MachineNameParams,
    response: MachineQueue,
    access: terminal,
    tags,
  }),
  startMachineTask: defineRoute({
    method: 'PUT',
    path: '/rest/tasks/machine/:machineName/tasks/:id/start',
    params: MachineTaskParams,
    response: TaskChanged,
    access: terminal,
    tags,
  }),
  reportMachineTaskProblem: defineRoute({
    method: 'PUT',
    path: '/rest/tasks/machine/:machineName/tasks/:id/problem',
    params: MachineTaskParams,
    body: TaskProblemBody,
    response: TaskChanged,
    access: terminal,
    tags,
  }),
  completeMachineTask: defineRoute({
    method: 'PUT',
    path: '/rest/tasks/machine/:machineName/tasks/:id/complete',
    params: MachineTaskParams,
    response: TaskChanged,
    access: terminal,
    tags,
  }),
};
