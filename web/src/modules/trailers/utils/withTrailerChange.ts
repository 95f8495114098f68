import type { LiveTopicMessage, TrailersPage } from '@openyard/contracts';
import { REFETCH } from '../../../live/utils/LiveCollection';

// A live trailer change on the page shown: a trailer of the page that is still listed is replaced
// in place; anything that moves rows (a new trailer, a deletion, a dispatch that hides it) reloads
// the page, whose order and count only the server knows.
export function withTrailerChange(
  page: TrailersPage,
  { data: { trailerId, trailer } }: LiveTopicMessage<'trailers'>,
  includeDispatched: boolean,
): TrailersPage | typeof REFETCH {
  const index = page.entities.findIndex((entry) => entry.id === trailerId);
  if (index < 0 || !trailer) return REFETCH;
  if (trailer.outDate !== null && !includeDispatched) return REFETCH;
  const entities = [...page.entities];
  entities[index] = trailer;
  return { ...page, entities };
}
