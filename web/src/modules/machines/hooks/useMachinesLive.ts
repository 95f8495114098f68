import { liveTopics, type Machine } from '@openyard/contracts';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { machinesQueryKeys } from '../utils/machinesQueryKeys';
import { withMachineMessage } from '../utils/withMachineMessage';

// The machines kept live by the topic `machines`: telemetry moves the markers, ageing and edits
// change their colour, a machine added anywhere appears. Returns the hub's refusal, if any.
export function useMachinesLive(): string | null {
  return useLiveCollection<Machine[], 'machines'>({
    queryKey: machinesQueryKeys.list,
    topic: liveTopics.machines,
    apply: withMachineMessage,
  });
}
