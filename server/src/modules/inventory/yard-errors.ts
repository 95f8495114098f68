import { messages } from '@openyard/contracts';
import { AppError, badRequest, conflict, sqlConstraint, sqlMessage, sqlState } from '../../errors';

// The database's word on a yard change, when the service's own checks did not see it coming (a
// concurrent change committed first, or a rule only the database knows). The loser gets a clear
// message; nothing of its transaction is written.
export function yardError(error: unknown, context: { number?: string } = {}): unknown {
  if (error instanceof AppError) return error;
  const code = sqlState(error);
  const constraint = sqlConstraint(error);
  const detail = sqlMessage(error) ?? '';
  switch (code) {
    case '23505':
      if (constraint === 'containers_active_number_unique')
        return conflict(messages.containerNumberActive(context.number ?? 'with this number'));
      if (constraint === 'container_positions_pkey') return conflict(messages.yardInvariant('a slot is already taken'));
      return conflict(messages.yardInvariant(detail));
    case '23503':
      if (constraint?.startsWith('container_positions_'))
        return conflict(messages.yardInvariant('the slot is no longer in the yard layout, or still holds containers'));
      return conflict(messages.yardInvariant(detail));
    case '23514':
      return badRequest(messages.yardInvariant(detail));
    case 'OY001':
    case 'OY002':
    case 'OY003':
    case 'OY004':
    case 'OY005':
    case 'OY006':
    case 'OY007':
    case 'OY008':
      return conflict(messages.yardInvariant(detail));
    case '40P01':
    case '40001':
    case '55P03':
      return conflict(messages.yardBusy);
    default:
      return error;
  }
}
