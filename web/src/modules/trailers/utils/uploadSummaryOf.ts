import {
  messages,
  TASK_UPLOAD_STATUSES,
  UPLOAD_ROW_STATUSES,
  UPLOAD_STATUSES,
  type UploadResult,
} from '@openyard/contracts';

// The one line above an upload's row results: how many were saved, or that nothing was and how
// many rows were refused. A tasks sheet saves its good rows alone (partial): so many of so many.
export function uploadSummaryOf(result: UploadResult): { ok: boolean; text: string } {
  if (result.responsestatus === UPLOAD_STATUSES.success) return { ok: true, text: messages.uploadSaved(result.saved) };
  if (result.responsestatus === TASK_UPLOAD_STATUSES.partial)
    return { ok: false, text: messages.taskUploadRowsSaved(result.saved, result.rows.length) };
  const refused = result.rows.filter((row) => row.status === UPLOAD_ROW_STATUSES.refused).length;
  return { ok: false, text: `${refused} of ${result.rows.length} rows refused. ${messages.uploadRefused}` };
}
