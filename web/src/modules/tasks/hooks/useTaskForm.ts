import { useState } from 'react';
import { taskProblem, taskSaveEnabled, type TaskInput, type TasksSaved } from '@openyard/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { taskInputOf } from '../utils/taskInputOf';
import { emptyTaskDraft, type TaskFormDraft } from '../utils/TaskFormDraft';
import { useDuplicateTask } from './useDuplicateTask';

export type SaveTasks = UseMutationResult<TasksSaved, Error, TaskInput[]>;

// The draft of one task being added or edited: its duplicate check on the fly, whether Save may be
// pressed (spec 3 §5: the six fields non-empty; weighbridge's blank mode is allowed), and the save
// after the rules (`check` adds the tab's own, like the Future tab's number).
export function useTaskForm(
  save: SaveTasks,
  onSaved: () => void,
  initial: TaskFormDraft = emptyTaskDraft(),
  check: (draft: TaskFormDraft) => string | null = taskProblem,
) {
  const [draft, setDraft] = useState<TaskFormDraft>(initial);
  const [error, setError] = useState<string | null>(null);
  const duplicate = useDuplicateTask(draft);
  const change = (next: TaskFormDraft) => {
    setDraft(next);
    setError(null);
  };
  const submit = () => {
    const problem = check(draft) ?? taskProblem(draft) ?? duplicate;
    if (problem) {
      setError(problem);
      return;
    }
    save.mutate([taskInputOf(draft)], {
      onSuccess: onSaved,
      onError: (refusal) => setError(errorMessageOf(refusal)),
    });
  };
  return {
    draft,
    change,
    error: error ?? duplicate,
    duplicate,
    canSave: (taskSaveEnabled(draft) || taskProblem(draft) === null) && duplicate === null,
    submit,
  };
}
