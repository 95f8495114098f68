import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { oneBasedSkip } from '@openyard/contracts';
import { api } from '../../../api/http';
import { preAdviceQueryKeys } from '../utils/preAdviceQueryKeys';

// GET /rest/enterprise/containers/pre-advices: one page with a one-based skip, used ones included
// (they show when their container gated in), as rows and their count.
export function usePreAdvices(page: number, pageSize: number, searchText: string) {
  return useQuery({
    queryKey: preAdviceQueryKeys.page(page, pageSize, searchText),
    queryFn: () =>
      api.preAdvices.page({
        query: { skip: oneBasedSkip(page, pageSize), limit: pageSize, searchText, includeUsed: true },
      }),
    placeholderData: keepPreviousData,
    select: (data) => ({ rows: data.entities, totalCount: data.totalCount }),
  });
}
