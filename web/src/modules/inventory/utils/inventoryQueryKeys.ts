export const inventoryQueryKeys = {
  all: ['inventory'] as const,
  layout: ['inventory', 'layout'] as const,
  rules: ['inventory', 'rules'] as const,
  container: (containerId: number) => ['inventory', 'container', containerId] as const,
};
