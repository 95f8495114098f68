import { useMachines } from '../../machines/hooks/useMachines';
import { useMachinesLive } from '../../machines/hooks/useMachinesLive';

// The Gantt's machine rows and where each machine is (its position or zone decides the list's row
// colours, spec 2 §4): the machines screen's one list, kept live by its one subscription.
export function useAllocationMachines() {
  const query = useMachines();
  const refusal = useMachinesLive();
  return { query, refusal };
}
