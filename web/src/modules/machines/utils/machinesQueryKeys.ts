// One root: a machine saved on this screen reloads what the screen shows.
export const machinesQueryKeys = {
  all: ['machines'] as const,
  list: ['machines', 'list'] as const,
  nameTaken: (machineName: string, id: number | null) => ['machines', 'name-taken', machineName, id] as const,
};
