import { useQuery } from '@tanstack/react-query';
import type { KioskTasksBody } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { kioskQueryKeys } from '../utils/kioskQueryKeys';

// What a kiosk task row chooses from (task types, delivery modes, locations), for a kiosk's session.
export function useKioskTaskChoices(enabled: boolean) {
  return useQuery({ queryKey: kioskQueryKeys.taskChoices, queryFn: () => api.kiosk.taskChoices(), enabled });
}

// The kiosk's save (spec 2 §4, §8): a failed save only clears the loading state, so it shows no
// notice of its own (quiet) and the rows stay as they were for another try.
export function useSaveKioskTasks() {
  return useNotifyingMutation({
    mutationFn: (body: KioskTasksBody) => api.kiosk.saveTasks({ body }),
    quiet: true,
  });
}

// The IGM item's containers in the yard, asked when the customer searches.
export const kioskIgmContainers = (igmItem: string) =>
  api.kiosk.igmContainers({ query: { igmItem } }, { action: true });
