// The ids of the last `capacity` events, to drop a second delivery of one (the outbox relay is at
// least once). Forgotten oldest first through a ring: taking the oldest out of a Set through its
// iterator gets slower with every deletion.
export class RecentEvents {
  private readonly ids = new Set<string>();
  private readonly order: string[] = [];
  private oldest = 0;

  constructor(private readonly capacity: number) {}

  // True when the id was seen already; otherwise remembers it.
  seen(eventId: string): boolean {
    if (this.ids.has(eventId)) return true;
    this.ids.add(eventId);
    if (this.order.length < this.capacity) this.order.push(eventId);
    else {
      this.ids.delete(this.order[this.oldest]!);
      this.order[this.oldest] = eventId;
      this.oldest = (this.oldest + 1) % this.capacity;
    }
    return false;
  }
}
