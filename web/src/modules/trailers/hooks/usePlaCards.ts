import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { oneBasedSkip } from '@openyard/contracts';
import { api } from '../../../api/http';
import { trailersQueryKeys } from '../utils/trailersQueryKeys';

// GET /rest/enterprise/trailers/pla-cards: one page with a one-based skip (spec 3 §7, §9), as rows and their count.
export function usePlaCards(page: number, pageSize: number, searchText: string) {
  return useQuery({
    queryKey: trailersQueryKeys.plaCardsPage(page, pageSize, searchText),
    queryFn: () =>
      api.trailers.plaCards({ query: { skip: oneBasedSkip(page, pageSize), limit: pageSize, searchText } }),
    placeholderData: keepPreviousData,
    select: (data) => ({ rows: data.plaCards, totalCount: data.totalCount }),
  });
}
