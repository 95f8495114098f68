import { useQuery } from '@tanstack/react-query';
import type { EngineJob } from '@openyard/contracts';
import { api } from '../../../api/http';
import { planningQueryKeys } from '../utils/planningQueryKeys';

export const ENGINE_JOB_RUNNING: readonly EngineJob['status'][] = ['queued', 'running'];

// The engine's job of an auto-assign (GET /rest/enterprise/planning-engine/{jobId}), from the
// answer that queued it on.
export function useEngineJob(job: EngineJob | null) {
  return useQuery({
    queryKey: planningQueryKeys.engineJob(job?.jobId ?? ''),
    queryFn: () => api.planning.engineJob({ params: { jobId: job!.jobId } }),
    enabled: job !== null,
    initialData: job ?? undefined,
    // Until the live messages land: while it runs, asked again each second.
    refetchInterval: (query) =>
      query.state.data && ENGINE_JOB_RUNNING.includes(query.state.data.status) ? 1000 : false,
  });
}
