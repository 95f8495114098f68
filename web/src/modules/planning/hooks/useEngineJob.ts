import { useQuery } from '@tanstack/react-query';
import type { EngineJob } from '@openyard/contracts';
import { api } from '../../../api/http';
import { planningQueryKeys } from '../utils/planningQueryKeys';

export const ENGINE_JOB_RUNNING: readonly EngineJob['status'][] = ['queued', 'running'];

// The engine's job of an auto-assign: the answer that queued it, then its state as the topic
// `planning` tells it (usePlanningLive writes planning.engine.v1 here); asked again (GET
// /rest/enterprise/planning-engine/{jobId}) only after a resync or reconnect, when messages may
// have been lost.
export function useEngineJob(job: EngineJob | null) {
  return useQuery({
    queryKey: planningQueryKeys.engineJob(job?.jobId ?? ''),
    queryFn: () => api.planning.engineJob({ params: { jobId: job!.jobId } }),
    enabled: job !== null,
    initialData: job ?? undefined,
    staleTime: Infinity,
  });
}
