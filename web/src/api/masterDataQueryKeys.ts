import type { MasterListName } from './MasterListName';

// The query keys of the master-data lists, one per reading call whichever screen reads it, so that
// a change of a list (topic `master-data`, useMasterDataLive) reaches every screen that shows it.
export const masterDataQueryKeys = {
  all: ['master-data'] as const,
  list: (route: MasterListName | 'activities') => ['master-data', route] as const,
  activities: (activityGroup: string) => ['master-data', 'activities', activityGroup] as const,
};
