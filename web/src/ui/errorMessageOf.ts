import { messages } from '@openyard/contracts';
import { ApiError } from '../api/http';

// The server's text for a failed call, with the correlation id of a server fault so that IT can
// find the log line; the generic text when there is nothing better.
export function errorMessageOf(error: unknown): string {
  if (!(error instanceof Error) || !error.message) return messages.unknownError;
  if (error instanceof ApiError && error.correlationId) return `${error.message} (ref ${error.correlationId})`;
  return error.message;
}
