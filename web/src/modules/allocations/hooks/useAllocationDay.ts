import { useQuery } from '@tanstack/react-query';
import { liveTopics, type MachineAllocationsDay, type YardDay } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { allocationsQueryKeys } from '../utils/allocationsQueryKeys';
import { withAllocationsChange } from '../utils/withAllocationsChange';

// GET /rest/machine-allocation/{day}: a yard day's allocations with the day's bounds, kept live by
// the topic `machine-allocations` (another planner's saves and deletes appear without a reload).
// Returns the query and the hub's refusal, if any, for LiveUnavailableNotice.
export function useAllocationDay(day: YardDay) {
  const query = useQuery({
    queryKey: allocationsQueryKeys.day(day),
    queryFn: () => api.machineAllocations.day({ params: { day } }),
  });
  const refusal = useLiveCollection<MachineAllocationsDay, 'machine-allocations'>({
    queryKey: allocationsQueryKeys.day(day),
    topic: liveTopics.machineAllocations,
    apply: withAllocationsChange,
  });
  return { query, refusal };
}
