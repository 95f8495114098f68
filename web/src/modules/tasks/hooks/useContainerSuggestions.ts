import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { tasksQueryKeys } from '../utils/tasksQueryKeys';

const MIN_TYPED = 3;

// Containers in the yard whose number starts with what is typed, for the task form's picker.
export function useContainerSuggestions(typed: string) {
  const [text] = useDebouncedValue(typed.trim().toUpperCase(), 250);
  return useQuery({
    queryKey: tasksQueryKeys.containerSuggestions(text),
    queryFn: () => api.containers.autocompleteObjects({ query: { query: text, limit: 10 } }, { action: true }),
    enabled: text.length >= MIN_TYPED,
    placeholderData: keepPreviousData,
  });
}
