import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { oneBasedSkip } from '@openyard/contracts';
import { api } from '../../../api/http';
import { trailersQueryKeys } from '../utils/trailersQueryKeys';

// GET /rest/enterprise/trailers/permanent: one page with a one-based skip (spec 3 §7, §9), as rows and their count.
export function usePermanentTrailers(page: number, pageSize: number, searchText: string) {
  return useQuery({
    queryKey: trailersQueryKeys.permanentPage(page, pageSize, searchText),
    queryFn: () =>
      api.trailers.permanent({ query: { skip: oneBasedSkip(page, pageSize), limit: pageSize, searchText } }),
    placeholderData: keepPreviousData,
    select: (data) => ({ rows: data.permanentTrailers, totalCount: data.totalCount }),
  });
}
