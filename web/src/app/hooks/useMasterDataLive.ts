import { useQueryClient } from '@tanstack/react-query';
import { liveTopics, masterReadRoutesOf } from '@openyard/contracts';
import { masterDataQueryKeys } from '../../api/masterDataQueryKeys';
import { useLiveTopic } from '../../live/hooks/useLiveTopic';

const YARD_LOCATION_LISTS = ['yardLocations', 'yardZones'] as const;

// Every screen's master-data lists kept true (issue 22): a list changed on /master-data (topic
// `master-data`) → its reading calls are asked again wherever a screen shows them (the lists'
// queries share one key per call, masterDataQueryKeys). A resync or reconnect reloads them all.
// Mounted once, in the app's shell: the yard grid's liner colours follow the inventory topic.
// The yard locations are master data too (the yard zones, the task places): a change on
// /yard-locations (topic `yard-locations`) reloads the lists that read them.
export function useMasterDataLive() {
  const queryClient = useQueryClient();
  const reloadYardLocations = () => {
    for (const route of YARD_LOCATION_LISTS)
      void queryClient.invalidateQueries({ queryKey: masterDataQueryKeys.list(route) });
  };
  useLiveTopic(liveTopics.yardLocations, reloadYardLocations, reloadYardLocations);
  useLiveTopic(
    liveTopics.masterData,
    (message) => {
      for (const route of masterReadRoutesOf(message.data.list))
        void queryClient.invalidateQueries({ queryKey: masterDataQueryKeys.list(route) });
    },
    () => void queryClient.invalidateQueries({ queryKey: masterDataQueryKeys.all }),
  );
}
