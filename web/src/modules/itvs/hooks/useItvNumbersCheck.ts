import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@openyard/contracts';
import { api } from '../../../api/http';
import { itvsQueryKeys } from '../utils/itvsQueryKeys';

// The unique checks of the ITV form when a number field loses focus (spec 2 §5): the message for
// each taken field. A failed check says nothing: the server checks the save again.
export function useItvNumbersCheck(id: number | null) {
  const queryClient = useQueryClient();
  return async (values: { itvNumber: string; trailerNumber: string }) => {
    const itvNumber = values.itvNumber.trim();
    const trailerNumber = values.trailerNumber.trim();
    if (!itvNumber && !trailerNumber) return { itvNumber: null, trailerNumber: null };
    try {
      const taken = await queryClient.fetchQuery({
        queryKey: itvsQueryKeys.numbersTaken(itvNumber.toLowerCase(), trailerNumber.toLowerCase(), id),
        queryFn: () =>
          api.machines.itvNumbersTaken(
            {
              query: {
                ...(itvNumber ? { itvNumber } : {}),
                ...(trailerNumber ? { trailerNumber } : {}),
                ...(id ? { id } : {}),
              },
            },
            { action: true },
          ),
        staleTime: 0,
      });
      return {
        itvNumber: taken.itvNumberTaken ? messages.itvNumberTaken : null,
        trailerNumber: taken.trailerNumberTaken ? messages.itvTrailerTaken : null,
      };
    } catch {
      return { itvNumber: null, trailerNumber: null };
    }
  };
}
