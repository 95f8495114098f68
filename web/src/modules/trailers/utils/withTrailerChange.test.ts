import { describe, expect, it } from 'vitest';
import type { LiveTopicMessage, Trailer, TrailersPage } from '@openyard/contracts';
import { REFETCH } from '../../../live/utils/LiveCollection';
import { withTrailerChange } from './withTrailerChange';

const trailer = (id: number, changes: Partial<Trailer> = {}): Trailer => ({
  id,
  trailerTagId: null,
  trailerTagId1: null,
  trailerTagId2: null,
  plaCard1: null,
  plaCard2: null,
  trailerNumber: `T${id}`,
  entryDate: 1,
  outDate: null,
  containerNumber: null,
  trailerType: null,
  type: 'Import',
  dispatchMode: null,
  ...changes,
});
const page: TrailersPage = { entities: [trailer(1), trailer(2)], totalCount: 2 };
const message = (trailerId: number, changed: Trailer | null): LiveTopicMessage<'trailers'> => ({
  type: 'trailers.trailer.v1',
  topic: 'trailers',
  eventId: 'e',
  at: 1,
  data: { trailerId, trailer: changed },
});

describe('a live trailer change on the page shown', () => {
  it('replaces a listed trailer in place', () => {
    const next = withTrailerChange(page, message(2, trailer(2, { trailerNumber: 'NEW' })), false);
    expect(next).not.toBe(REFETCH);
    expect((next as TrailersPage).entities.map((entry) => entry.trailerNumber)).toEqual(['T1', 'NEW']);
  });

  it('keeps a dispatched trailer when dispatched ones are shown, reloads when they are hidden', () => {
    const dispatched = message(1, trailer(1, { outDate: 5 }));
    expect((withTrailerChange(page, dispatched, true) as TrailersPage).entities[0]!.outDate).toBe(5);
    expect(withTrailerChange(page, dispatched, false)).toBe(REFETCH);
  });

  it('reloads for a new or deleted trailer', () => {
    expect(withTrailerChange(page, message(3, trailer(3)), false)).toBe(REFETCH);
    expect(withTrailerChange(page, message(1, null), false)).toBe(REFETCH);
  });
});
