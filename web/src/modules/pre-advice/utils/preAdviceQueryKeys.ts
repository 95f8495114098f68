// One root, so that a change on the pre-advice screen reloads every page of its list.
export const preAdviceQueryKeys = {
  all: ['pre-advices'] as const,
  page: (page: number, pageSize: number, searchText: string) => ['pre-advices', page, pageSize, searchText] as const,
};
