import { messages } from '@openyard/contracts';
import { AppError, badRequest, conflict } from '../errors';

// The one place a database error becomes an answer. Services catch a failed statement or
// transaction and throw `databaseError(error, answers)`: the answers name, per kind of failure,
// the spec's message (contracts/src/messages.ts); a kind without an answer, or an error that is
// not the database's, is thrown on unchanged (a 500, logged). docs/database.md lists the SQLSTATEs,
// the constraints and the triggers that raise them.
//
// Both drivers' shapes are read: postgres.js puts `code` and `constraint_name` on its error,
// PGlite `code` and `constraint`, and Drizzle wraps either in an error whose `cause` is it.

export type DatabaseFailureKind =
  // 23505: a unique index or key refused a second row.
  | 'unique'
  // 23503: a foreign key refused a row whose parent is gone, or a parent that still has rows;
  // 23001: the same for a key declared ON DELETE RESTRICT (PostgreSQL reports it so).
  | 'foreignKey'
  // 23514: a check constraint.
  | 'check'
  // 23P01: an exclusion constraint (two rows that may not overlap, as machine allocations).
  | 'exclusion'
  // OY001-OY008: a yard invariant the project's triggers keep (migrations/0003, 0012).
  | 'trigger'
  // 40P01 deadlock, 40001 serialization failure: a concurrent transaction won.
  | 'concurrent'
  // 55P03: lock_timeout ran out waiting for a lock.
  | 'lockTimeout'
  // 57014: statement_timeout ran out (or the statement was cancelled).
  | 'statementTimeout';

export interface DatabaseFailure {
  kind: DatabaseFailureKind;
  // The SQLSTATE.
  state: string;
  // The constraint the database names, when it names one.
  constraint: string | undefined;
  // The database's own message (without the query text Drizzle adds).
  detail: string;
}

const KINDS: Record<string, DatabaseFailureKind> = {
  '23505': 'unique',
  '23503': 'foreignKey',
  '23001': 'foreignKey',
  '23514': 'check',
  '23P01': 'exclusion',
  '40P01': 'concurrent',
  '40001': 'concurrent',
  '55P03': 'lockTimeout',
  '57014': 'statementTimeout',
};

// The driver error in a chain of wrappers: the first with a SQLSTATE-shaped code.
function driverError(error: unknown): (Error & { code: string }) | { code: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as { code: string };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

// The SQLSTATE of a driver error, however it is wrapped.
export function sqlState(error: unknown): string | undefined {
  return driverError(error)?.code;
}

// What kind of database failure an error is; undefined when it is not one this module knows.
export function databaseFailure(error: unknown): DatabaseFailure | undefined {
  const driver = driverError(error);
  if (!driver) return undefined;
  const kind = KINDS[driver.code] ?? (/^OY\d{3}$/.test(driver.code) ? 'trigger' : undefined);
  if (!kind) return undefined;
  const named = driver as { constraint_name?: unknown; constraint?: unknown };
  const constraint = named.constraint_name ?? named.constraint;
  return {
    kind,
    state: driver.code,
    constraint: typeof constraint === 'string' ? constraint : undefined,
    detail: driver instanceof Error ? driver.message : '',
  };
}

// A request value the database refused to hold (SQLSTATE class 22, data exception): the request's
// fault, whichever route passed it on, so the one error handler answers it as a 400 with words
// rather than a 500. Schemas cannot know every column's range (int4 and int8 ids alike are
// `Type.Integer`), nor that PostgreSQL text holds no NUL.
const REFUSED_VALUES: Record<string, string> = {
  // numeric_value_out_of_range: 2^31 for an integer column, 1e20 for a bigint one
  '22003': messages.valueOutOfRange,
  // character_not_in_repertoire (NUL in text), untranslatable_character, unsupported Unicode
  // escape (\u0000 in jsonb)
  '22021': messages.textNotStorable,
  '22P05': messages.textNotStorable,
  // invalid_text_representation, invalid_datetime_format, datetime_field_overflow
  '22P02': messages.valueNotReadable,
  '22007': messages.valueNotReadable,
  '22008': messages.valueNotReadable,
};

export function refusedRequestValue(error: unknown): AppError | undefined {
  const state = sqlState(error);
  const message = state ? REFUSED_VALUES[state] : undefined;
  return message ? new AppError(400, 'VALIDATION', message, undefined, { cause: error }) : undefined;
}

// PostgreSQL stopped a statement: its statement_timeout ran out (57014, as for a cancel) or its
// lock_timeout did (55P03); see openPostgres.
export function isTimeout(error: unknown): boolean {
  const kind = databaseFailure(error)?.kind;
  return kind === 'statementTimeout' || kind === 'lockTimeout';
}

// An answer: the error to throw, or undefined to throw the database's error on unchanged.
type Answer = (failure: DatabaseFailure) => AppError | undefined;

export interface DatabaseAnswers {
  unique?: Answer;
  foreignKey?: Answer;
  check?: Answer;
  exclusion?: Answer;
  trigger?: Answer;
  // A concurrent transaction won (deadlock, serialization failure) or a lock was not had in time.
  busy?: Answer;
  // A statement or lock timeout: the work was too big, or waited too long. A lock timeout goes to
  // `busy` when both are answered.
  timeout?: Answer;
}

function answerOf(failure: DatabaseFailure, answers: DatabaseAnswers): Answer | undefined {
  switch (failure.kind) {
    case 'unique':
    case 'foreignKey':
    case 'check':
    case 'exclusion':
    case 'trigger':
      return answers[failure.kind];
    case 'concurrent':
      return answers.busy;
    case 'lockTimeout':
      return answers.busy ?? answers.timeout;
    case 'statementTimeout':
      return answers.timeout;
  }
}

// The error to throw for a failed database call: the service's answer for its kind, else the
// error itself. An AppError (a service's own check inside the transaction) passes through.
export function databaseError(error: unknown, answers: DatabaseAnswers): unknown {
  if (error instanceof AppError) return error;
  const failure = databaseFailure(error);
  if (!failure) return error;
  return answerOf(failure, answers)?.(failure) ?? error;
}

// A yard change (inventory, containers, layout) the database refused when the service's own
// checks did not see it coming: a concurrent change committed first, or a rule only the database
// knows. The loser gets a clear message; nothing of its transaction is written.
export function yardChangeAnswers(context: { number?: string } = {}): DatabaseAnswers {
  return {
    unique: ({ constraint, detail }) => {
      if (constraint === 'containers_active_number_unique')
        return conflict(messages.containerNumberActive(context.number ?? 'with this number'));
      if (constraint === 'container_positions_pkey') return conflict(messages.yardInvariant('a slot is already taken'));
      return conflict(messages.yardInvariant(detail));
    },
    foreignKey: ({ constraint, detail }) =>
      constraint?.startsWith('container_positions_')
        ? conflict(messages.yardInvariant('the slot is no longer in the yard layout, or still holds containers'))
        : conflict(messages.yardInvariant(detail)),
    check: ({ detail }) => badRequest(messages.yardInvariant(detail)),
    trigger: ({ detail }) => conflict(messages.yardInvariant(detail)),
    busy: () => conflict(messages.yardBusy),
  };
}

// Answer sets tried in order: per kind, the first answer that gives one (a service's own answers
// for its constraints in front of a shared set such as yardChangeAnswers).
export function combineAnswers(...sets: DatabaseAnswers[]): DatabaseAnswers {
  const kinds = ['unique', 'foreignKey', 'check', 'exclusion', 'trigger', 'busy', 'timeout'] as const;
  const combined: DatabaseAnswers = {};
  for (const kind of kinds) {
    const answers = sets.map((set) => set[kind]).filter((answer): answer is Answer => answer !== undefined);
    if (answers.length)
      combined[kind] = (failure) => {
        for (const answer of answers) {
          const found = answer(failure);
          if (found) return found;
        }
        return undefined;
      };
  }
  return combined;
}
