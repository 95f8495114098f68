import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { routes } from '@openyard/contracts';
import { api } from '../../../api/http';
import type { ChosenContainer } from '../utils/draftForContainer';
import { tasksQueryKeys } from '../utils/tasksQueryKeys';
import { useMayCall } from './useMayCall';

export interface ContainerPlace {
  container: ChosenContainer;
  // The middle of its slot on the map, for the nearest machine; null when not known.
  position: { latitude: number; longitude: number } | null;
}

// Looks a chosen container up as the task form needs it (spec 3 §5 Defaults and selection): whether
// it is planned and where it is (the containers' call), and its place on the map (the yard's
// location call; only for users who may ask it, and a container that is not in a slot has none).
export function useContainerLookup() {
  const queryClient = useQueryClient();
  const mayLocate = useMayCall(routes.inventory.location.access);
  return useCallback(
    (key: string): Promise<ContainerPlace> =>
      queryClient.fetchQuery({
        queryKey: tasksQueryKeys.containerPlace(key),
        staleTime: 10_000,
        queryFn: async () => {
          const params = { n: key };
          const [container, location] = await Promise.all([
            api.containers.get({ params }, { action: true }),
            // No place on the map is no failure: the task goes to ALL then (spec 3 §5).
            mayLocate ? api.inventory.location({ params }, { action: true }).catch(() => null) : null,
          ]);
          return {
            container: {
              containerId: container.id,
              containerNumber: container.containerNumber,
              planned: container.planned,
              location: container.location,
            },
            position:
              location && location.latitude !== null && location.longitude !== null
                ? { latitude: location.latitude, longitude: location.longitude }
                : null,
          };
        },
      }),
    [queryClient, mayLocate],
  );
}
