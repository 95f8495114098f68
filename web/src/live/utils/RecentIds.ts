// A bounded set of recently seen ids, oldest forgotten first. The bus delivers at least once and a
// resubscription may repeat an event, so live messages are deduplicated by event id.
export class RecentIds {
  private readonly ids = new Set<string>();

  constructor(private readonly capacity: number) {}

  // True when the id was already seen; otherwise remembers it and returns false.
  seen(id: string): boolean {
    if (this.ids.has(id)) {
      // Refresh its place so a burst of repeats keeps it remembered.
      this.ids.delete(id);
      this.ids.add(id);
      return true;
    }
    this.ids.add(id);
    if (this.ids.size > this.capacity) {
      const oldest = this.ids.values().next();
      if (!oldest.done) this.ids.delete(oldest.value);
    }
    return false;
  }

  clear(): void {
    this.ids.clear();
  }
}
