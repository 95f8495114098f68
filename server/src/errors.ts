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
  | 'LOCKED_FEATURE';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    // The request field the message is about, so that a form shows it on that field.
    readonly field?: string,
  ) {
    super(message);
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
