import { masterDataQueryKeys } from '../../../api/masterDataQueryKeys';
// One root so that a resync reloads every gate-operations query of the screen at once.
export const gateQueryKeys = {
  all: ['gate-operations'] as const,
  trucksInside: (gateId: number | 'all') => ['gate-operations', 'trucks-inside', gateId] as const,
  frames: (gateId: number) => ['gate-operations', 'frames', gateId] as const,
  frameImage: (image: string) => ['gate-operations', 'frame-image', image] as const,
  activities: masterDataQueryKeys.activities,
  // Under the root: a gate-in reloads the CHA's counts with the rest.
  chaAgents: (activity: string) => ['gate-operations', 'cha-agents', activity] as const,
  chaVehicleDetail: (chaId: number, activity: string) =>
    ['gate-operations', 'cha-vehicle-detail', chaId, activity] as const,
};
