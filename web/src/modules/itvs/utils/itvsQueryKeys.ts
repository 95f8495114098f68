// One root: a change on the ITV screen reloads both its lists.
export const itvsQueryKeys = {
  all: ['itvs'] as const,
  page: (page: number, pageSize: number) => ['itvs', 'page', page, pageSize] as const,
  locations: ['itvs', 'locations'] as const,
  numbersTaken: (itvNumber: string, trailerNumber: string, id: number | null) =>
    ['itvs', 'numbers-taken', itvNumber, trailerNumber, id] as const,
};
