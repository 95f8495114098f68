import { liveTopics, type MachineShifts } from '@openyard/contracts';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { shiftsQueryKeys } from '../utils/shiftsQueryKeys';
import { withShiftsChange } from '../utils/withShiftsChange';

// The shifts list kept live by the topic `shifts` (saved or deleted anywhere). Returns the hub's
// refusal, if any, for LiveUnavailableNotice.
export function useShiftsLive(): string | null {
  return useLiveCollection<MachineShifts, 'shifts'>({
    queryKey: shiftsQueryKeys.all,
    topic: liveTopics.shifts,
    apply: withShiftsChange,
  });
}
