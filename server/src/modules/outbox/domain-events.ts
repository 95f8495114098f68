import type { DomainEvent, DomainEventOf, DomainEventType } from '@openyard/contracts';
import type { Bus, BusEvent } from '../../adapters/bus';

export type DomainEventHandlers = { [K in DomainEventType]?: (event: DomainEventOf<K>) => void };

// Server-side consumers (the inventory version; tasks, planning and dashboards to come) follow the
// domain events every process commits, as the bus carries them: never the websocket's payloads.
// Delivery is at least once and in commit order per writer: a handler is idempotent or drops a
// second delivery by `eventId`. Live messages of outbox rows written before domain events are not
// domain events and reach no handler.
export function subscribeDomainEvents(bus: Bus, handlers: DomainEventHandlers): () => void {
  return bus.subscribe((batch) => {
    for (const event of batch) {
      if (isDomainEvent(event)) {
        const handler = handlers[event.type] as ((event: DomainEvent) => void) | undefined;
        handler?.(event);
      }
    }
  });
}

export function isDomainEvent(event: BusEvent): event is DomainEvent {
  return !('topic' in event);
}
