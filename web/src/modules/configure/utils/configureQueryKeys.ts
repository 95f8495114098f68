export const configureQueryKeys = {
  rules: ['configuration', 'rules'] as const,
  layout: ['configuration', 'layout'] as const,
};
