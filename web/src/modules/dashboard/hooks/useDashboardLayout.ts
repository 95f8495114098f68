import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardLayout } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { dashboardQueryKeys } from '../utils/dashboardQueryKeys';

// The user's layout, kept on the server (GET/PUT /rest/enterprise-dashboard/layout). A save puts
// what was sent in the cache at once (the grid already shows it); a refusal is alerted and the
// saved layout read again.
export function useDashboardLayout() {
  const queryClient = useQueryClient();
  const layout = useQuery({ queryKey: dashboardQueryKeys.layout, queryFn: () => api.enterpriseDashboard.layout() });
  const save = useNotifyingMutation({
    mutationFn: (body: DashboardLayout) => {
      queryClient.setQueryData(dashboardQueryKeys.layout, { layout: body });
      return api.enterpriseDashboard.saveLayout({ body });
    },
    refusalTitle: 'The dashboard layout could not be saved',
  });
  return { layout, save };
}
