import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from '../api/http';

// Shows a refused request's message on the form field the server named, where the user will fix
// it; the form clears it as soon as that field changes. `fieldOf` maps a request field to a form
// field that is named otherwise (the request's `role` is the form's `roleId`). False when the
// error names no field of this form: the caller shows it for the whole form.
export function showServerFieldError<Values extends object>(
  form: Pick<UseFormReturnType<Values>, 'getValues' | 'setFieldError'>,
  error: unknown,
  fieldOf: Readonly<Record<string, string>> = {},
): boolean {
  if (!(error instanceof ApiError) || !error.field) return false;
  const field = fieldOf[error.field] ?? error.field;
  if (!Object.hasOwn(form.getValues(), field)) return false;
  form.setFieldError(field, error.message);
  return true;
}
