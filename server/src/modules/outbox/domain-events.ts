import type { DomainEvent, DomainEventOf, DomainEventType } from '@openyard/contracts';
import type { Bus, BusEvent } from '../../adapters/bus';
import { RecentEvents } from '../../live/recent-events';

export type DomainEventHandlers = { [K in DomainEventType]?: (event: DomainEventOf<K>) => void };

// Server-side consumers (the inventory version; tasks, planning and dashboards to come) follow the
// domain events every process commits, as the bus carries them: never the websocket's payloads.
// Delivery upstream is at least once, in commit order per writer; a second delivery of an event
// (the last `remember` of the handled types) is dropped here. Live messages of outbox rows written
// before domain events are not domain events and reach no handler.
export function subscribeDomainEvents(
  bus: Bus,
  handlers: DomainEventHandlers,
  { remember = 5_000 }: { remember?: number } = {},
): () => void {
  const recent = new RecentEvents(remember);
  return bus.subscribe((batch) => {
    for (const event of batch) {
      if (!isDomainEvent(event)) continue;
      const handler = handlers[event.type] as ((event: DomainEvent) => void) | undefined;
      if (handler && !recent.seen(event.eventId)) handler(event);
    }
  });
}

export function isDomainEvent(event: BusEvent): event is DomainEvent {
  return !('topic' in event);
}
