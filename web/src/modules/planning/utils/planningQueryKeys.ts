import type { QueuedQuery } from '@openyard/contracts';

// One root, so that a save or a delete reloads the queued containers and the plans together.
export const planningQueryKeys = {
  all: ['planning'] as const,
  queuedAll: ['planning', 'queued'] as const,
  queued: (query: QueuedQuery) => ['planning', 'queued', query] as const,
  plans: ['planning', 'plans'] as const,
  nameAvailable: (name: string) => ['planning', 'name-available', name] as const,
  engineJob: (jobId: string) => ['planning', 'engine-job', jobId] as const,
};
