import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@openyard/contracts';
import { api } from '../../../api/http';
import { machinesQueryKeys } from '../utils/machinesQueryKeys';

// The unique-name check when the name field loses focus (spec 2 §5): the message of a taken name
// for the field, or null. A failed check says nothing: the save is checked again by the server.
export function useMachineNameCheck(id: number | null) {
  const queryClient = useQueryClient();
  return async (machineName: string): Promise<string | null> => {
    const name = machineName.trim();
    if (!name) return null;
    try {
      const { taken } = await queryClient.fetchQuery({
        queryKey: machinesQueryKeys.nameTaken(name.toLowerCase(), id),
        queryFn: () =>
          api.machines.nameTaken({ query: { machineName: name, ...(id ? { id } : {}) } }, { action: true }),
        staleTime: 0,
      });
      return taken ? messages.machineNameTaken : null;
    } catch {
      return null;
    }
  };
}
