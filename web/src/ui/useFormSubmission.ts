import { useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { errorMessageOf } from './errorMessageOf';
import { showServerFieldError } from './showServerFieldError';

type FieldForm<Values extends object> = Pick<UseFormReturnType<Values>, 'getValues' | 'setFieldError'>;

// The refusal part of a form dialog: a server error that names a field of the form shows on that
// field (`fieldOf` maps a request field named otherwise), any other one above the buttons
// (FormModal's `error`). `start` clears it for a new try.
export function useFormSubmission<Values extends object>(
  form: FieldForm<Values> | null,
  fieldOf: Readonly<Record<string, string>> = {},
) {
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    setError,
    start: () => setError(null),
    fail: (failure: unknown) => {
      if (!form || !showServerFieldError(form, failure, fieldOf)) setError(errorMessageOf(failure));
    },
  };
}
