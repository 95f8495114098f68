import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

// A list's search box: what is typed, and the text searched a moment after typing stops (one call
// per pause, not per key). A new search starts at page 1.
export function useListSearch(onChange: () => void) {
  const [text, setText] = useState('');
  const [searched] = useDebouncedValue(text.trim(), 300);
  return {
    text,
    searched,
    change: (next: string) => {
      setText(next);
      onChange();
    },
  };
}
