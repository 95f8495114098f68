// What a list shows instead of (or above) its rows: the first load, a failure, nothing found, or
// the rows. A failure with rows kept from before shows the rows with the error above them.
export type ListState = 'loading' | 'error' | 'empty' | 'ready';

export function listStateOf({
  loading,
  error,
  count,
}: {
  loading: boolean;
  error: string | null;
  count: number;
}): ListState {
  if (count > 0) return 'ready';
  if (error) return 'error';
  if (loading) return 'loading';
  return 'empty';
}
