import { useQuery } from '@tanstack/react-query';
import { routes } from '@openyard/contracts';
import { api } from '../../../api/http';
import { tasksQueryKeys } from '../utils/tasksQueryKeys';
import { useMayCall } from './useMayCall';

// A chosen container as the task form needs it (spec 3 §5 Defaults and selection): whether it is
// planned and where it is (the containers' call), and its place on the map (the yard's location
// call, for the nearest machine; left out for users who may not ask it). Null key: nothing chosen.
export function useContainerPlace(key: string | null) {
  const mayLocate = useMayCall(routes.inventory.location.access);
  return useQuery({
    queryKey: tasksQueryKeys.containerPlace(key ?? ''),
    enabled: key !== null,
    queryFn: async () => {
      const params = { n: key! };
      const [container, location] = await Promise.all([
        api.containers.get({ params }, { action: true }),
        mayLocate ? api.inventory.location({ params }, { action: true }).catch(() => null) : Promise.resolve(null),
      ]);
      const position =
        location && location.latitude !== null && location.longitude !== null
          ? { latitude: location.latitude, longitude: location.longitude }
          : null;
      return { container, position };
    },
  });
}
