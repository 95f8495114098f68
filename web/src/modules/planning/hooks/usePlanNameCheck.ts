import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { messages } from '@openyard/contracts';
import { api } from '../../../api/http';
import { planningQueryKeys } from '../utils/planningQueryKeys';

// Spec 2 §5: a plan's name is unique. Asked (GET /rest/planning/available/{name}) a moment after
// the planner stops typing; a plan keeps its own name without asking. The server's words, or the
// spec's, when another plan has it.
export function usePlanNameCheck(name: string, ownName: string | null) {
  const [settled] = useDebouncedValue(name.trim(), 300);
  const asked = settled !== '' && settled !== ownName;
  const check = useQuery({
    queryKey: planningQueryKeys.nameAvailable(settled),
    queryFn: () => api.planning.nameAvailable({ params: { name: settled } }),
    enabled: asked,
  });
  const current = asked && settled === name.trim() ? check.data : undefined;
  const taken = current?.available === false;
  return {
    taken,
    message: taken ? (current.message ?? messages.planNameTaken(settled)) : null,
    // Not yet answered for the name as typed (Save waits for the answer; a failed check does not
    // hold it, the save's own refusal names a taken name).
    checking: name.trim() !== '' && name.trim() !== ownName && current === undefined && !check.isError,
  };
}
