import { useState } from 'react';
import { bulkTaskRowState, igmQueryProblem, messages, nearestMachine, routes, taskProblem } from '@openyard/contracts';
import { api } from '../../../api/http';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { draftForContainer } from '../utils/draftForContainer';
import { nearestMachineCandidates, type MachinePlace } from '../utils/MachinePlace';
import { taskInputOf } from '../utils/taskInputOf';
import { emptyTaskDraft, type TaskFormDraft } from '../utils/TaskFormDraft';
import type { TaskChoices } from '../components/TaskFields';
import { useContainerLookup } from './useContainerLookup';
import type { SaveTasks } from './useTaskForm';
import { useMayCall } from './useMayCall';

// The most containers of one IGM item the bulk tab lays out as rows.
const MAX_IGM_ROWS = 50;

// The IGM:Item tab (spec 3 §2, §5): the query (it must contain a colon) finds the item's containers,
// one row each with its defaults and nearest machine; rows can be added by hand and removed. Save
// sends the filled rows at once; a row with nothing filled is skipped, an incomplete one stops the
// save with its row number.
export function useIgmRows(
  save: SaveTasks,
  onSaved: () => void,
  choices: TaskChoices,
  machines: readonly MachinePlace[],
) {
  const mayLookUp = useMayCall(routes.inventory.igmContainers.access);
  const lookup = useContainerLookup();
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<TaskFormDraft[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

  const search = async () => {
    const problem = igmQueryProblem(query.trim());
    if (problem) return setError(problem);
    setError(null);
    setSearching(true);
    try {
      const containers = (await api.inventory.igmContainers({ params: { igm: query.trim() } }, { action: true })).slice(
        0,
        MAX_IGM_ROWS,
      );
      const places = await Promise.all(containers.map((container) => lookup(String(container.containerId))));
      setRows(
        places.map((place) =>
          draftForContainer(
            emptyTaskDraft(),
            place.container,
            nearestMachine(place.position, nearestMachineCandidates(machines)),
            choices.modes,
            choices.locations,
          ),
        ),
      );
      if (!containers.length) setError(messages.igmNoContainers(query.trim()));
    } catch (refusal) {
      setError(errorMessageOf(refusal));
    } finally {
      setSearching(false);
    }
  };

  const submit = () => {
    const filled = rows.map((row, index) => ({ row, index })).filter(({ row }) => bulkTaskRowState(row) !== 'empty');
    if (!filled.length) return setError(messages.bulkTasksEmpty);
    const bad = filled.find(({ row }) => bulkTaskRowState(row) === 'incomplete');
    if (bad)
      return setError(messages.bulkTaskRowProblem(bad.index + 1, taskProblem(bad.row) ?? messages.taskIncomplete));
    setError(null);
    save.mutate(
      filled.map(({ row }) => taskInputOf(row)),
      { onSuccess: onSaved, onError: (refusal) => setError(errorMessageOf(refusal)) },
    );
  };

  return {
    mayLookUp,
    query,
    setQuery: (next: string) => {
      setQuery(next);
      setError(null);
    },
    rows,
    // A changed row may be the one the last save refused: its message goes.
    change: (index: number, row: TaskFormDraft) => {
      setRows(rows.map((entry, at) => (at === index ? row : entry)));
      setError(null);
    },
    remove: (index: number) => {
      setRows(rows.filter((_, at) => at !== index));
      setError(null);
    },
    addRow: () => setRows([...rows, emptyTaskDraft()]),
    error,
    searching,
    search,
    submit,
    states: rows.map(bulkTaskRowState),
  };
}
