// The tabs of /tasks (spec 3 §2).
export const TASKS_TABS = ['tasks', 'itvTasks'] as const;
export type TasksTabName = (typeof TASKS_TABS)[number];

// The add-task dialog's tabs (spec 3 §2): Container, IGM:Item and Future (enterprise).
export const ADD_TASK_TABS = ['container', 'igm', 'future'] as const;
export type AddTaskTabName = (typeof ADD_TASK_TABS)[number];
