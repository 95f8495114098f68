import { useQuery } from '@tanstack/react-query';
import { liveTopics, type Machine } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { allocationsQueryKeys } from '../utils/allocationsQueryKeys';
import { withMachineChange } from '../utils/withMachineChange';

// GET /rest/enterprise/machines: the Gantt's machine rows and where each machine is (its position
// or zone decides the list's row colours, spec 2 §4), kept live by telemetry on `machines`.
export function useAllocationMachines() {
  const query = useQuery({ queryKey: allocationsQueryKeys.machines, queryFn: () => api.machines.list() });
  const refusal = useLiveCollection<Machine[], 'machines'>({
    queryKey: allocationsQueryKeys.machines,
    topic: liveTopics.machines,
    apply: withMachineChange,
  });
  return { query, refusal };
}
