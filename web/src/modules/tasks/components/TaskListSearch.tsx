import { useState } from 'react';
import { TagsInput } from '@mantine/core';
import { searchTermsProblem } from '@openyard/contracts';

// A task list's search: one or more texts, every one must match (spec 3 §7: joined by '&*'). Enter
// or a comma keeps the typed text as a search text; the list follows the texts kept.
export function TaskListSearch({
  texts,
  onChange,
  placeholder,
  testId,
}: {
  texts: string[];
  onChange: (texts: string[]) => void;
  placeholder: string;
  testId: string;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <TagsInput
      size="xs"
      w={360}
      aria-label={placeholder}
      placeholder={texts.length ? 'Add another text' : placeholder}
      value={texts}
      onChange={(next) => {
        // The server's rule (at most so many texts), said before the search is sent.
        const problem = searchTermsProblem(next);
        setError(problem);
        if (!problem) onChange(next);
      }}
      error={error}
      clearable
      data-autofocus
      data-testid={testId}
    />
  );
}
