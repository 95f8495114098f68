// One root, so that a change on the trailers screen can reload all of its lists at once.
export const trailersQueryKeys = {
  all: ['trailers'] as const,
  trailers: ['trailers', 'trailers'] as const,
  trailersPage: (page: number, pageSize: number, searchText: string, includeDispatched: boolean) =>
    ['trailers', 'trailers', page, pageSize, searchText, includeDispatched] as const,
  plaCards: ['trailers', 'pla-cards'] as const,
  plaCardsPage: (page: number, pageSize: number, searchText: string) =>
    ['trailers', 'pla-cards', page, pageSize, searchText] as const,
  permanent: ['trailers', 'permanent'] as const,
  permanentPage: (page: number, pageSize: number, searchText: string) =>
    ['trailers', 'permanent', page, pageSize, searchText] as const,
};
