export const yardLocationsQueryKeys = {
  all: ['yard-locations'] as const,
};
