import { ScreensNav } from '../../../ui/ScreensNav';

// The tasks' screens (spec 3 §2): the tasks and ITV tasks, and the task dashboard's figures.
const TASK_SCREENS = [
  { path: '/tasks', label: 'Tasks' },
  { path: '/task-dashboard', label: 'Task dashboard' },
];

export function TaskScreensNav() {
  return <ScreensNav screens={TASK_SCREENS} label="Task screens" testId="task-screens-nav" />;
}
