import type { RouteInput, Routes, YardOperationResult } from '@openyard/contracts';
import { api } from '../../../api/http';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import { useNotifyingMutation } from '../../../ui/useNotifyingMutation';
import { inventoryQueryKeys } from '../utils/inventoryQueryKeys';

export type YardOperation = 'splitArea' | 'mergeSlots' | 'splitSlots' | 'bulkLocation';
export type YardOperationBody<O extends YardOperation> = RouteInput<Routes['yard'][O]>['body'];

const calls: { [O in YardOperation]: (body: YardOperationBody<O>) => Promise<YardOperationResult> } = {
  splitArea: (body) => api.yard.splitArea({ body }),
  mergeSlots: (body) => api.yard.mergeSlots({ body }),
  splitSlots: (body) => api.yard.splitSlots({ body }),
  bulkLocation: (body) => api.yard.bulkLocation({ body }),
};

// The admin menu's calls (api.yard.splitArea, mergeSlots, splitSlots, bulkLocation) as their
// dialogs use them: `refuse` shows the form's own check, `run` sends the body; success is announced
// with the server's message and closes the dialog (`onDone`), a refusal from the server shows in
// the dialog (FormModal's error). The layout is reloaded after each call.
export function useYardOperation<O extends YardOperation>(operation: O, onDone: () => void) {
  const submission = useFormSubmission(null);
  const mutation = useNotifyingMutation({
    mutationFn: (body: YardOperationBody<O>) => calls[operation](body),
    success: (reply) => reply.message,
    invalidates: [inventoryQueryKeys.layout],
    quiet: true,
  });
  return {
    error: submission.error,
    pending: mutation.isPending,
    refuse: (message: string) => submission.setError(message),
    run(body: YardOperationBody<O>) {
      submission.start();
      mutation.mutate(body, { onSuccess: onDone, onError: submission.fail });
    },
  };
}
