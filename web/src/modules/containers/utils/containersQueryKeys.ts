import { masterDataQueryKeys } from '../../../api/masterDataQueryKeys';
import type { ListSort } from '../../../ui/ListSort';
import type { ContainersScope } from './ContainersScope';

// One root so that a change or a live message refreshes every list of the screen at once.
export const containersQueryKeys = {
  all: ['containers'] as const,
  lists: ['containers', 'list'] as const,
  layout: ['containers', 'layout'] as const,
  surveys: (containerNumber: string) => ['containers', 'surveys', containerNumber] as const,
  page: (
    scope: ContainersScope,
    searchText: string,
    fromDate: number,
    toDate: number,
    page: number,
    size: number,
    sort: ListSort | null,
  ) => ['containers', 'list', scope, searchText, fromDate, toDate, page, size, sort] as const,
  movements: (containerNumber: string) => ['containers', 'movements', containerNumber] as const,
  yardMap: (containerNumbers: string, medium: string) => ['containers', 'yard-map', containerNumbers, medium] as const,
  masterList: masterDataQueryKeys.list,
};
