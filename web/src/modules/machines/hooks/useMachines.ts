import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { dataRefreshIntervalMs } from '@openyard/contracts';
import { api } from '../../../api/http';
import { metadataState } from '../../../app/states/metadataState';
import { machinesQueryKeys } from '../utils/machinesQueryKeys';

// GET /rest/enterprise/machines: every machine, for the map and the list alike (one snapshot, kept
// live by useMachinesLive); reloaded every dataRefreshRate seconds when that is above 30 (spec 3 §9).
// `enabled` false: a screen that only offers the machines as choices and whose user may not list them.
export function useMachines({ enabled = true }: { enabled?: boolean } = {}) {
  const refreshRate = useAtomValue(metadataState)?.dataRefreshRate;
  return useQuery({
    queryKey: machinesQueryKeys.list,
    queryFn: () => api.machines.list(),
    refetchInterval: dataRefreshIntervalMs(refreshRate),
    enabled,
  });
}
