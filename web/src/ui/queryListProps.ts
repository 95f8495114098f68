import { errorMessageOf } from './errorMessageOf';

// What a DataTable fed by one paged query shows besides its rows: loading on the first load and
// while a new page replaces the placeholder of the last one, the query's failure, and a retry.
export function queryListProps(query: {
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}): { loading: boolean; error: string | null; onRetry: () => void } {
  return {
    loading: query.isPending || (query.isFetching && query.isPlaceholderData),
    error: query.error ? errorMessageOf(query.error) : null,
    onRetry: () => void query.refetch(),
  };
}
