import type { ItvTasksQuery, TasksQuery } from '@openyard/contracts';

// One root, so that a change on the tasks screen can reload all of its lists at once.
export const tasksQueryKeys = {
  all: ['tasks'] as const,
  tasks: ['tasks', 'tasks'] as const,
  tasksPage: (query: TasksQuery) => ['tasks', 'tasks', query] as const,
  finds: ['tasks', 'find'] as const,
  find: (containerNumber: string, taskType: string, from: string, to: string) =>
    ['tasks', 'find', containerNumber, taskType, from, to] as const,
  itvTasks: ['tasks', 'itv-tasks'] as const,
  itvTasksPage: (query: ItvTasksQuery) => ['tasks', 'itv-tasks', query] as const,
  itvTaskTypes: ['tasks', 'itv-task-types'] as const,
  itvFinds: ['tasks', 'itv-find'] as const,
  findItvTask: (containerNumber: string, taskType: string, from: string, to: string) =>
    ['tasks', 'itv-find', containerNumber, taskType, from, to] as const,
  itvTrailers: ['tasks', 'itv-trailers'] as const,
  igmContainers: (query: string | null) => ['tasks', 'igm-containers', query] as const,
  yardExceptions: ['tasks', 'yard-exceptions'] as const,
  machineQueue: (machineName: string) => ['tasks', 'machine-queue', machineName] as const,
  machineLocations: ['tasks', 'machine-locations'] as const,
  containerPlace: (containerNumber: string) => ['tasks', 'container-place', containerNumber] as const,
  containerSuggestions: (text: string) => ['tasks', 'container-suggestions', text] as const,
};
