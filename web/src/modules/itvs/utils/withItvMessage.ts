import type { ItvsPage, LiveTopicMessage } from '@openyard/contracts';
import { itvAfterEdit } from './itvAfterEdit';
import { itvWithPosition } from './itvWithPosition';

// Every ITV (the map's list) after a message of the `itvs` topic: moved, added, edited or deleted.
export function withItvMessage(current: ItvsPage, message: LiveTopicMessage<'itvs'>): ItvsPage {
  if (message.type === 'itv.position.v1')
    return { ...current, itvs: current.itvs.map((itv) => itvWithPosition(itv, message)) };
  const { itvId, itv: changed } = message.data;
  const present = current.itvs.some((itv) => itv.id === itvId);
  if (changed === null)
    return present
      ? { itvs: current.itvs.filter((itv) => itv.id !== itvId), totalCount: current.totalCount - 1 }
      : current;
  if (!present) return { itvs: [...current.itvs, changed], totalCount: current.totalCount + 1 };
  return { ...current, itvs: current.itvs.map((itv) => (itv.id === itvId ? itvAfterEdit(itv, changed) : itv)) };
}
