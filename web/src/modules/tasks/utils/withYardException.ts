import type { LiveTopicMessage, YardExceptionsPage } from '@openyard/contracts';
import { REFETCH } from '../../../live/utils/LiveCollection';

// The control room's open yard exceptions (newest first), kept by the topic `yard-exceptions`: a new
// one goes on top (the list keeps its length), a resolved one leaves. A resolved one the list does
// not show fetches again, for the count.
export function withYardException(
  page: YardExceptionsPage,
  { data: { exception } }: LiveTopicMessage<'yard-exceptions'>,
  limit: number,
): YardExceptionsPage | typeof REFETCH {
  const listed = page.exceptions.some((entry) => entry.id === exception.id);
  if (exception.resolvedAt !== null) {
    if (!listed) return REFETCH;
    return {
      exceptions: page.exceptions.filter((entry) => entry.id !== exception.id),
      totalCount: Math.max(0, page.totalCount - 1),
    };
  }
  if (listed)
    return { ...page, exceptions: page.exceptions.map((entry) => (entry.id === exception.id ? exception : entry)) };
  return { exceptions: [exception, ...page.exceptions].slice(0, limit), totalCount: page.totalCount + 1 };
}
