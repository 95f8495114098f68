import type { FastifyInstance } from 'fastify';
import { BATCH_MAX_BYTES, routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { BatchService } from './batch.service';

// Batch files and the ERP sync (contracts/src/api/routes/batch.ts): the uploads take files up to
// BATCH_MAX_BYTES (the multipart reader answers 413 beyond it, before anything is read).
export async function batchRoutes(app: FastifyInstance, { batch }: { batch: BatchService }) {
  const upload = { maxFileBytes: BATCH_MAX_BYTES };
  registerRoutes(
    app,
    routes.batch,
    {
      gateIn: (request) => batch.gateIn(request.body, requirePrincipal(request)),
      dispatch: (request) => batch.dispatch(request.body, requirePrincipal(request)),
      sync: (request) => batch.sync(request.body, requirePrincipal(request)),
      job: (request) => batch.job(request.params.jobId, requirePrincipal(request)),
      syncWithErp: (request) => batch.syncWithErp(requirePrincipal(request)),
    },
    { gateIn: upload, dispatch: upload, sync: upload },
  );
}
