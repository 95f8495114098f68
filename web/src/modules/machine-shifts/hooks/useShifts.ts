import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { shiftsQueryKeys } from '../utils/shiftsQueryKeys';

// GET /rest/enterprise/shifts: every shift, in the order of the day (spec 3 §7). The allocation
// form offers them too.
export function useShifts(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: shiftsQueryKeys.all,
    queryFn: () => api.machineShifts.list(),
    enabled: options.enabled ?? true,
  });
}
