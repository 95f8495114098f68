import { BatchJob, BatchJobParams, BatchResult, BatchSyncBody, BatchUploadBody, ErpSyncResponse } from '../../batch';
import { defineRoute } from '../route';

// Batch files and the ERP (spec 1 §2 containers screen: batch dispatch, batch gate-in, sync with
// ERP; §7 File uploads; spec 3 §7 batch/*, containers/sync-with-erp). The batch actions are the
// containers screen's, for whoever may change it; syncing the inventory to the ERP is the admins'
// (spec 1 §6) when the configuration enables it (FEATURE_INVENTORY_SYNC_TO_ERP, checked by the
// service). Uploads take multipart `file` (xlsx or csv with a header row) and `user`.
const read = { flag: 'containersVisible' } as const;
const write = { flag: 'containersVisible', write: true, screen: '/containers' } as const;
const tags = ['batch'];

export const batch = {
  gateIn: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/batch/gate-in',
    body: BatchUploadBody,
    bodyKind: 'multipart',
    response: BatchResult,
    access: write,
    tags,
  }),
  dispatch: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/batch/dispatch',
    body: BatchUploadBody,
    bodyKind: 'multipart',
    response: BatchResult,
    access: write,
    tags,
  }),
  sync: defineRoute({
    method: 'POST',
    path: '/rest/enterprise/batch/sync',
    body: BatchSyncBody,
    bodyKind: 'multipart',
    response: BatchResult,
    access: write,
    tags,
  }),
  // A queued batch as it stands (beyond the catalogue: the progress of a large file).
  job: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/batch/jobs/:jobId',
    params: BatchJobParams,
    response: BatchJob,
    access: read,
    tags,
  }),
  syncWithErp: defineRoute({
    method: 'GET',
    path: '/rest/enterprise/containers/sync-with-erp',
    response: ErpSyncResponse,
    access: { flag: 'containersVisible', roles: ['superadmin', 'admin'] },
    changesState: true,
    tags,
  }),
};
