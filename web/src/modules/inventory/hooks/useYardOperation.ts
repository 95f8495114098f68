import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { YardOperationResult } from '@openyard/contracts';
import { http } from '../../../api/http';
import { inventoryQueryKeys } from '../utils/inventoryQueryKeys';

export type YardOperation = 'split-area' | 'merge-slots' | 'split-slots' | 'bulk-location';

// The admin menu's calls (POST /rest/yard/{operation}); the layout is reloaded after each.
export function useYardOperation(operation: YardOperation) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => http.post<YardOperationResult>(`/rest/yard/${operation}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryQueryKeys.layout }),
  });
}
