import { useQuery } from '@tanstack/react-query';
import { liveTopics, PAGE_SIZES, type AlarmsPage } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useLiveCollection } from '../../../live/hooks/useLiveCollection';
import { alarmsQueryKeys } from '../utils/alarmsQueryKeys';
import { withAlarm } from '../utils/withAlarm';

// The open alarms (issue 18), newest first, at most a page of them (PAGE_SIZES.alarms: the list
// does not grow with the traffic), with every open alarm counted by severity; kept live by the
// topic `alarms` (an alarm raised or cleared). For the wall display and any screen that shows them.
// Returns the query and the hub's refusal, if any (LiveUnavailableNotice).
export function useOpenAlarms({ enabled = true }: { enabled?: boolean } = {}) {
  const limit = PAGE_SIZES.alarms;
  const query = useQuery({
    queryKey: alarmsQueryKeys.open,
    queryFn: () => api.reports.openAlarms({ query: { startIndex: 1, pageSize: limit } }),
    enabled,
  });
  const refusal = useLiveCollection<AlarmsPage, 'alarms'>({
    queryKey: alarmsQueryKeys.open,
    topic: enabled ? liveTopics.alarms : null,
    apply: (current, message) => withAlarm(current, message.data.alarm, limit),
  });
  return { query, refusal };
}
