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

// Drizzle wraps driver errors; the SQLSTATE is on the cause (23505 unique, 23503 foreign key).
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';
// PostgreSQL stopped a statement: its statement_timeout ran out (57014, as for a cancel) or its
// lock_timeout did (55P03); see openPostgres.
export const isTimeout = (error: unknown) => ['57014', '55P03'].includes(sqlState(error) ?? '');

// The constraint a driver error names (postgres.js: constraint_name; PGlite: constraint).
export function sqlConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const named = current as { constraint_name?: unknown; constraint?: unknown };
    const name = named.constraint_name ?? named.constraint;
    if (typeof name === 'string') return name;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

// The database's own message of a driver error (Drizzle wraps it with the query text).
export function sqlMessage(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if (typeof (current as { code?: unknown }).code === 'string' && current instanceof Error) return current.message;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
