import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// GET users/:id/gates: the gates a user works, in their order, and every gate of the yard.
export function useUserGates(userId: number) {
  return useQuery({
    queryKey: usersQueryKeys.userGates(userId),
    queryFn: () => api.smartGate.userGates({ params: { id: userId } }),
  });
}
