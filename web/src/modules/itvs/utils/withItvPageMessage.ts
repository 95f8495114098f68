import type { ItvsPage, LiveTopicMessage } from '@openyard/contracts';
import { REFETCH } from '../../../live/utils/LiveCollection';
import { itvAfterEdit } from './itvAfterEdit';
import { itvWithPosition } from './itvWithPosition';

// One page of the ITV list after a message of the `itvs` topic. Moves and edits of ITVs on the
// page apply in place; an ITV added, deleted or renumbered may shift the pages (the list is in
// ITV number order), so the page is fetched again then.
export function withItvPageMessage(current: ItvsPage, message: LiveTopicMessage<'itvs'>): ItvsPage | typeof REFETCH {
  if (message.type === 'itv.position.v1')
    return { ...current, itvs: current.itvs.map((itv) => itvWithPosition(itv, message)) };
  const { itvId, itv: changed } = message.data;
  const shown = current.itvs.find((itv) => itv.id === itvId);
  if (!shown || changed === null || shown.itvNumber !== changed.itvNumber) return REFETCH;
  return { ...current, itvs: current.itvs.map((itv) => (itv.id === itvId ? itvAfterEdit(itv, changed) : itv)) };
}
