import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { dataRefreshIntervalMs, routes } from '@openyard/contracts';
import { api } from '../../../api/http';
import { metadataState } from '../../../app/states/metadataState';
import { tasksQueryKeys } from '../utils/tasksQueryKeys';
import { useMayCall } from './useMayCall';

// GET /rest/tasks/machine-locations (spec 3 §7): the machines a task may go to and where they are,
// for the nearest machine (spec 3 §5). Asked only by users who may see machines; for the others
// the list is empty and a new task goes to ALL.
export function useMachinePlaces() {
  const refreshRate = useAtomValue(metadataState)?.dataRefreshRate;
  const allowed = useMayCall(routes.machines.locations.access);
  const query = useQuery({
    queryKey: tasksQueryKeys.machineLocations,
    queryFn: () => api.machines.locations(),
    enabled: allowed,
    refetchInterval: dataRefreshIntervalMs(refreshRate),
    select: (answer) => answer.locations,
  });
  return { places: query.data ?? [], loading: allowed && query.isPending };
}
