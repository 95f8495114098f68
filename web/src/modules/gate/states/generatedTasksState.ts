import { atom } from 'jotai';
import type { GeneratedTask } from '@openyard/contracts';

// The tasks the last gate-in or trailer gate-in generated, shown and printed with their binning
// locations until the next transaction.
export const generatedTasksState = atom<readonly GeneratedTask[]>([]);
generatedTasksState.debugLabel = 'generatedTasksState';
