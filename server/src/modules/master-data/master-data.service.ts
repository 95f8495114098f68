import type { Activity } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { masterDataRepository, type NamedListName } from './master-data.repository';

// The reference lists as the call catalogue answers them (read-only here; the configuration module
// edits the ones it owns).
export function createMasterDataService(db: Database) {
  const linerInfos = () => masterDataRepository.linerInfos(db);
  return {
    named: (list: NamedListName) => masterDataRepository.named(db, list),
    sizes: () => masterDataRepository.sizes(db),
    types: () => masterDataRepository.types(db),
    customers: () => masterDataRepository.customers(db),
    linerInfos,
    async liners() {
      return (await linerInfos()).map(({ id, name }) => ({ id, name }));
    },
    // The activities of one group (by name, any case), or of all groups.
    async activities(groupName?: string): Promise<Activity[]> {
      return (await masterDataRepository.activities(db, groupName)).map(({ activity, group }) => ({
        id: activity.id,
        activityId: activity.id,
        activityName: activity.name,
        activityGroup: { id: group.id, name: group.name },
      }));
    },
  };
}

export type MasterDataService = ReturnType<typeof createMasterDataService>;
