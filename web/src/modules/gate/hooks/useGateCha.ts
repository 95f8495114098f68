import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { gateQueryKeys } from '../utils/gateQueryKeys';

// The trailer gate-in's CHA picker (spec 3 §7 master data chas/activity/{x}, cha/{id}/activity/{x}):
// the agents allocated vehicles of the gate-in type, and the chosen agent's vehicle detail (its
// allowed and gated-in counts), only with the CHA vehicles feature on.
export function useGateChaAgents(activity: string, enabled: boolean) {
  return useQuery({
    queryKey: gateQueryKeys.chaAgents(activity),
    queryFn: () => api.cha.agentsForActivity({ params: { activity } }),
    enabled: enabled && activity !== '',
  });
}

export function useGateVehicleDetail(chaId: number | null, activity: string, enabled: boolean) {
  return useQuery({
    queryKey: gateQueryKeys.chaVehicleDetail(chaId ?? 0, activity),
    queryFn: () => api.cha.vehicleDetail({ params: { id: chaId!, activity } }),
    enabled: enabled && chaId !== null && activity !== '',
  });
}
