import { describe, expect, it } from 'vitest';
import type { Itv, ItvsPage, LiveTopicMessage } from '@openyard/contracts';
import { REFETCH } from '../../../live/utils/LiveCollection';
import { itvMarkers } from './itvMarkers';
import { withItvMessage } from './withItvMessage';
import { withItvPageMessage } from './withItvPageMessage';

const NOW = 1_800_000_000_000;
const itv = (id: number, overrides: Partial<Itv> = {}): Itv => ({
  id,
  itvNumber: `ITV-${id}`,
  trailerNumber: `TR-${id}`,
  deviceInstalled: true,
  status: 'green',
  latitude: 18.95,
  longitude: 72.95,
  lastDataReceived: NOW - 1_000,
  mqttUsername: `itv-${id}`,
  ...overrides,
});
const page = (...itvs: Itv[]): ItvsPage => ({ itvs, totalCount: itvs.length });
const envelope = { topic: 'itvs', eventId: 'e', at: 1 };
const moved = (itvId: number, lastDataReceived: number): LiveTopicMessage<'itvs'> => ({
  ...envelope,
  type: 'itv.position.v1',
  data: { itvId, position: { latitude: 18.96, longitude: 72.96 }, status: 'green', lastDataReceived },
});
const changed = (itvId: number, value: Itv | null): LiveTopicMessage<'itvs'> => ({
  ...envelope,
  type: 'itv.changed.v1',
  data: { itvId, itv: value },
});

describe('ITV markers', () => {
  it('colour by age at the moment given and name the ITV by its number', () => {
    const [fresh, silent] = itvMarkers(
      [itv(1), itv(2, { lastDataReceived: null, latitude: null, longitude: null })],
      NOW,
    );
    expect(fresh).toMatchObject({ name: 'ITV-1', detail: 'Trailer TR-1', colour: 'green', position: [72.95, 18.95] });
    expect(silent).toMatchObject({ colour: 'grey', position: null });
    expect(itvMarkers([itv(1)], NOW + 300_000)[0]!.colour).toBe('orange');
  });
});

describe('the map’s ITVs after a live message', () => {
  it('moves, adds, edits and removes', () => {
    expect(withItvMessage(page(itv(1)), moved(1, NOW)).itvs[0]).toMatchObject({ latitude: 18.96, longitude: 72.96 });
    expect(withItvMessage(page(itv(1)), moved(1, NOW - 5_000)).itvs[0]).toMatchObject({ latitude: 18.95 });
    const added = withItvMessage(page(itv(1)), changed(2, itv(2)));
    expect(added).toEqual(page(itv(1), itv(2)));
    const renamed = withItvMessage(added, changed(1, itv(1, { itvNumber: 'ITV-9', lastDataReceived: NOW - 9_000 })));
    // The edit's fields, the newer position shown.
    expect(renamed.itvs[0]).toMatchObject({ itvNumber: 'ITV-9', lastDataReceived: NOW - 1_000 });
    expect(withItvMessage(renamed, changed(2, null))).toEqual({ itvs: [renamed.itvs[0]], totalCount: 1 });
    expect(withItvMessage(page(itv(1)), changed(5, null))).toEqual(page(itv(1)));
  });
});

describe('a page of the ITV list after a live message', () => {
  it('applies moves and edits in place and fetches the page again when the pages shift', () => {
    expect(withItvPageMessage(page(itv(1)), moved(1, NOW))).toMatchObject({ itvs: [{ latitude: 18.96 }] });
    expect(withItvPageMessage(page(itv(1)), changed(1, itv(1, { deviceInstalled: false })))).toMatchObject({
      itvs: [{ deviceInstalled: false }],
    });
    expect(withItvPageMessage(page(itv(1)), changed(2, itv(2)))).toBe(REFETCH);
    expect(withItvPageMessage(page(itv(1)), changed(1, null))).toBe(REFETCH);
    expect(withItvPageMessage(page(itv(1)), changed(1, itv(1, { itvNumber: 'ZZ' })))).toBe(REFETCH);
  });
});
