import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { planningQueryKeys } from '../utils/planningQueryKeys';

// GET /rest/planning/plans: the saved plans with their containers (the Edit Plan tab).
export function usePlans() {
  return useQuery({ queryKey: planningQueryKeys.plans, queryFn: () => api.planning.plans() });
}
