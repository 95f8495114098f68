import type { QueryClient } from '@tanstack/react-query';
import { containersQueryKeys } from './containersQueryKeys';

// After a container change: the lists, movements and map positions reload; the yard layout stays
// (it changes only with a layout message).
export function refreshContainerData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: containersQueryKeys.all,
    predicate: (query) => query.queryKey[1] !== containersQueryKeys.layout[1],
  });
}
