export const shiftsQueryKeys = {
  all: ['machine-shifts'] as const,
};
