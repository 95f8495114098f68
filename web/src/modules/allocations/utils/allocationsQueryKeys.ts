// One root, so that a save or delete reloads the day shown.
export const allocationsQueryKeys = {
  all: ['machine-allocations'] as const,
  day: (day: string) => ['machine-allocations', 'day', day] as const,
};
