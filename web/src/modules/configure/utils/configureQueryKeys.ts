export const configureQueryKeys = {
  rules: ['configuration', 'rules'] as const,
  layout: ['configuration', 'layout'] as const,
  filterOptions: (list: string) => ['configuration', 'filter-options', list] as const,
};
