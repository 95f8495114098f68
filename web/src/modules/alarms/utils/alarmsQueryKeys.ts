export const alarmsQueryKeys = {
  all: ['alarms'] as const,
  open: ['alarms', 'open'] as const,
};
