import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteInput, Routes, YardOperationResult } from '@openyard/contracts';
import { api } from '../../../api/http';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { notifySuccess } from '../../../ui/notifySuccess';
import { inventoryQueryKeys } from '../utils/inventoryQueryKeys';

export type YardOperation = 'splitArea' | 'mergeSlots' | 'splitSlots' | 'bulkLocation';
export type YardOperationBody<O extends YardOperation> = RouteInput<Routes['yard'][O]>['body'];

const calls: { [O in YardOperation]: (body: YardOperationBody<O>) => Promise<YardOperationResult> } = {
  splitArea: (body) => api.yard.splitArea({ body }),
  mergeSlots: (body) => api.yard.mergeSlots({ body }),
  splitSlots: (body) => api.yard.splitSlots({ body }),
  bulkLocation: (body) => api.yard.bulkLocation({ body }),
};

// The admin menu's calls (api.yard.splitArea, mergeSlots, splitSlots, bulkLocation) as their dialogs use them: `refuse` shows the
// form's own check, `run` sends the body; success is announced and closes the dialog (`onDone`),
// a refusal from the server shows in the dialog. The layout is reloaded after each success.
export function useYardOperation<O extends YardOperation>(operation: O, onDone: () => void) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (body: YardOperationBody<O>) => calls[operation](body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.layout }),
  });
  return {
    error,
    pending: mutation.isPending,
    refuse: (message: string) => setError(message),
    run(body: YardOperationBody<O>) {
      setError(null);
      mutation.mutate(body, {
        onSuccess: (reply) => {
          notifySuccess(reply.message);
          onDone();
        },
        onError: (failure) => setError(errorMessageOf(failure)),
      });
    },
  };
}
