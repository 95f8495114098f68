import { messages } from '@openyard/contracts';

// Typed errors with a code; the one error handler turns them into the spec's replies.
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'SESSION_EXPIRED'
  | 'FORBIDDEN'
  | 'CROSS_SITE'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'LOCKED_FEATURE'
  // A service the server depends on (a mail server) failed the request.
  | 'UPSTREAM_FAILED';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    // The request field the message is about, so that a form shows it on that field.
    readonly field?: string,
    // What went wrong underneath (logged with the request, never sent).
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, 'BAD_REQUEST', message, field);
export const unauthenticated = (message: string = messages.notAuthenticated) =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const sessionExpired = () => new AppError(401, 'SESSION_EXPIRED', messages.sessionExpired);
export const forbidden = (message: string = messages.forbidden) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string = messages.notFound) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, field?: string) => new AppError(409, 'CONFLICT', message, field);
export const lockedFeature = () => new AppError(403, 'LOCKED_FEATURE', messages.lockedFeature);
// A service the server relies on failed (a mail server refused or did not answer): a 500 with the
// spec's words, not 502/503, which the web reads as the server itself being unreachable (spec 1 §8).
export const upstreamFailed = (message: string, cause: unknown) =>
  new AppError(500, 'UPSTREAM_FAILED', message, undefined, { cause });
