import { useMemo } from 'react';
import { taskLocationsOf, taskPlaceNames } from '@openyard/contracts';
import { useMasterList } from '../../containers/hooks/useMasterList';

// The locations and delivery modes a task form chooses from: Trailer, Slot, the yard zones and the
// places drawn on the map for tasks to go to (TASK_TO_LOCATION yard locations, spec 3 §3), and the
// delivery modes' master list; the task type narrows both (spec 3 §5).
export function useTaskChoices() {
  const zones = useMasterList('yardZones').data;
  const places = useMasterList('yardLocations').data;
  const modes = useMasterList('deliveryModes').data;
  const taskTypes = useMasterList('taskTypes').data;
  return useMemo(
    () => ({
      locations: taskLocationsOf(taskPlaceNames(zones ?? [], places ?? [])),
      modes: (modes ?? []).map((mode) => mode.name),
      taskTypes: (taskTypes ?? []).map((type) => type.name),
    }),
    [zones, places, modes, taskTypes],
  );
}
