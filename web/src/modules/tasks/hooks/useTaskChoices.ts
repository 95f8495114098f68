import { useMemo } from 'react';
import { taskLocationsOf, taskPlaceNames } from '@openyard/contracts';
import { useMasterList } from '../../containers/hooks/useMasterList';

// The locations and delivery modes a task form chooses from: Trailer, Slot and the yard locations
// drawn on the map (yard zones and task "to" locations, spec 3 §3), and the delivery modes' master
// list; the task type narrows both (spec 3 §5).
export function useTaskChoices() {
  const places = useMasterList('yardLocations').data;
  const modes = useMasterList('deliveryModes').data;
  const taskTypes = useMasterList('taskTypes').data;
  return useMemo(
    () => ({
      locations: taskLocationsOf(taskPlaceNames(places ?? [])),
      modes: (modes ?? []).map((mode) => mode.name),
      taskTypes: (taskTypes ?? []).map((type) => type.name),
    }),
    [places, modes, taskTypes],
  );
}
