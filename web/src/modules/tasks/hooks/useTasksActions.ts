import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { messages, routes, transferProblem, type RouteSpec, type Task, type UploadResult } from '@openyard/contracts';
import { lockedFeatureState } from '../../../app/states/lockedFeatureState';
import type { ScreenAccess } from '../../../app/utils/screenAccessOf';
import { confirmDialog } from '../../../ui/confirmDialog';
import { notifyError } from '../../../ui/notifyError';
import { lockedFeatureOf } from '../utils/lockedFeatureOf';
import { useTaskWrites } from './useTaskWrites';

// What the user can do on the Tasks tab (spec 3 §2, §4, §5): the selection, the dialogs and the
// writes. Editing needs the enterprise version: outside it a non-superadmin gets the locked-feature
// modal instead of the dialog (spec 3 §6).
export function useTasksActions(access: ScreenAccess, rows: readonly Task[]) {
  const writes = useTaskWrites(access.user.userName);
  const setLocked = useSetAtom(lockedFeatureState);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ task: Task | null } | null>(null);
  const [transferring, setTransferring] = useState<Task[] | null>(null);
  const [reporting, setReporting] = useState(false);
  const [uploaded, setUploaded] = useState<UploadResult | null>(null);
  const selected = rows.filter((task) => selectedKeys.includes(String(task.taskId)));
  const clear = () => setSelectedKeys([]);

  // Runs the action unless the edition locks it (then the modal says so).
  const unlessLocked = (route: Pick<RouteSpec, 'feature' | 'path'>, action: () => void) => {
    const locked = lockedFeatureOf(route, access);
    if (locked) setLocked(locked);
    else action();
  };
  const withSelection = (action: (tasks: Task[]) => void | Promise<void>) => {
    if (!selected.length) notifyError(messages.selectTasks);
    else void action(selected);
  };
  const open = (tasks: Task[]) => tasks.filter((task) => task.completionDate === null);

  return {
    writes,
    selection: { selectedKeys, setSelectedKeys, clear, count: selected.length },
    editing,
    transferring,
    reporting,
    uploaded,
    closeEditing: () => setEditing(null),
    closeTransfer: () => setTransferring(null),
    closeReport: () => setReporting(false),
    closeUploaded: () => setUploaded(null),
    add: () => unlessLocked(routes.tasks.save, () => setEditing({ task: null })),
    edit: (task: Task) =>
      unlessLocked(routes.tasks.save, () => {
        if (task.completionDate !== null) notifyError(messages.taskAlreadyCompleted(task.containerNumber));
        else setEditing({ task });
      }),
    editSelected: () =>
      unlessLocked(routes.tasks.save, () => {
        const [task] = selected;
        if (selected.length !== 1 || !task) notifyError(messages.selectOneRow);
        else if (task.completionDate !== null) notifyError(messages.taskAlreadyCompleted(task.containerNumber));
        else setEditing({ task });
      }),
    complete: () =>
      withSelection(async (tasks) => {
        const pending = open(tasks);
        if (!pending.length) return notifyError(messages.taskAlreadyCompleted(tasks[0]!.containerNumber));
        const confirmed = await confirmDialog({
          title: 'Complete tasks',
          message: messages.confirmCompleteTasks(pending.length),
          confirmLabel: 'Complete',
        });
        if (confirmed)
          writes.complete.mutate(
            pending.map((task) => task.taskId),
            { onSuccess: clear },
          );
      }),
    remove: (only?: Task) =>
      unlessLocked(routes.tasks.delete, () => {
        const run = async (tasks: Task[]) => {
          const confirmed = await confirmDialog({
            title: 'Delete tasks',
            message: messages.confirmDeleteTasks(tasks.length),
            confirmLabel: 'Delete',
            danger: true,
          });
          if (confirmed)
            writes.remove.mutate(
              tasks.map((task) => task.taskId),
              { onSuccess: clear },
            );
        };
        if (only) void run([only]);
        else withSelection(run);
      }),
    transfer: () =>
      unlessLocked(routes.tasks.transfer, () =>
        withSelection((tasks) => {
          const pending = open(tasks);
          if (!pending.length) notifyError(messages.taskAlreadyCompleted(tasks[0]!.containerNumber));
          else setTransferring(pending);
        }),
      ),
    // Spec 3 §5 Move tasks: the source and target machines must differ, for every task moved.
    transferProblemOf: (tasks: Task[], toMachine: string) => transferProblem(tasks, toMachine),
    report: () => unlessLocked(routes.tasks.exportXls, () => setReporting(true)),
    upload: (file: File) =>
      unlessLocked(routes.tasks.upload, () =>
        writes.upload.mutate(
          { name: file.name, type: file.type, content: file },
          { onSuccess: (result) => setUploaded(result) },
        ),
      ),
  };
}
