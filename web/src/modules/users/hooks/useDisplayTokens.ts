import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { usersQueryKeys } from '../utils/usersQueryKeys';

// GET /rest/enterprise/display-tokens: the wall displays' tokens (never the tokens themselves).
export function useDisplayTokens() {
  return useQuery({ queryKey: usersQueryKeys.displayTokens, queryFn: () => api.displayTokens.list() });
}
