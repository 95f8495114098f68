import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { YardOperationResult } from '@openyard/contracts';
import { http } from '../../../api/http';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { notifySuccess } from '../../../ui/notifySuccess';
import { inventoryQueryKeys } from '../utils/inventoryQueryKeys';

export type YardOperation = 'split-area' | 'merge-slots' | 'split-slots' | 'bulk-location';

// The admin menu's calls (POST /rest/yard/{operation}) as their dialogs use them: `refuse` shows the
// form's own check, `run` sends the body; success is announced and closes the dialog (`onDone`),
// a refusal from the server shows in the dialog. The layout is reloaded after each success.
export function useYardOperation(operation: YardOperation, onDone: () => void) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (body: unknown) => http.post<YardOperationResult>(`/rest/yard/${operation}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.layout }),
  });
  return {
    error,
    pending: mutation.isPending,
    refuse: (message: string) => setError(message),
    run(body: unknown) {
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
