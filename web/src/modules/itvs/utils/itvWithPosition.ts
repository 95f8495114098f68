import type { Itv, LiveTopicMessage } from '@openyard/contracts';

type ItvPosition = Extract<LiveTopicMessage<'itvs'>, { type: 'itv.position.v1' }>;

// The ITV at the position a message brings, unless it already shows a newer one.
export function itvWithPosition(itv: Itv, { data }: ItvPosition): Itv {
  if (itv.id !== data.itvId || (itv.lastDataReceived ?? 0) > data.lastDataReceived) return itv;
  return {
    ...itv,
    latitude: data.position.latitude,
    longitude: data.position.longitude,
    status: data.status,
    lastDataReceived: data.lastDataReceived,
  };
}
