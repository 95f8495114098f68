import type { DatabaseNotifications, Subscription } from '../../adapters/notifications';

// The channel migration 0010's trigger notifies with every new inventory version.
export const INVENTORY_CHANNEL = 'openyard_inventory';

// The inventory version as this server knows it without asking the database, so that the
// snapshots (GET /rest/yard/grid, /rest/yard/load) are answered from memory while the yard stands
// still. Known only while it is certain:
// - every commit that raises the version notifies it (migration 0010), in commit order, and the
//   version only grows, so while the notifications are heard the last one heard is the current
//   version; before the first one (or after listening was lost and found again) it is unknown;
// - a change this server commits makes it unknown until the database is asked again, so that a
//   client reads its own writes even before the notification arrives;
// - a `container.moved` domain event this server hears (and its hub forwards as a slot message)
//   carries a version at least as new as the snapshot a client asks for after seeing it; a
//   `yard.layoutChanged` carries none, so it makes the version unknown. (Outbox rows written before
//   domain events were all committed before this server first read the version.)
// A database read that began before the version became unknown does not make it known again
// (`generation`).
export class InventoryVersion {
  private current: number | null = null;
  private generation = 0;
  private readonly subscription: Subscription | null;

  constructor(notifications: DatabaseNotifications | null) {
    this.subscription =
      notifications?.subscribe(INVENTORY_CHANNEL, {
        notify: (payload) => this.heard(Number(payload)),
        ready: () => this.unknown(),
        lost: () => this.unknown(),
      }) ?? null;
  }

  // The current version, or null: ask the database (`read`).
  get known(): number | null {
    return this.subscription?.live ? this.current : null;
  }

  // Reads the version from the database and keeps it when nothing made it unknown meanwhile.
  async read(readVersion: () => Promise<number>): Promise<number> {
    const generation = this.generation;
    const version = await readVersion();
    if (generation === this.generation && this.subscription?.live) this.current = Math.max(this.current ?? 0, version);
    return version;
  }

  // A change was committed here.
  committed() {
    this.unknown();
  }

  // A container moved (domain event `container.moved`), at this inventory version.
  containerMoved(version: number) {
    this.heard(version);
  }

  // The layout or the rules changed (domain event `yard.layoutChanged`).
  layoutChanged() {
    this.unknown();
  }

  close() {
    this.subscription?.unsubscribe();
    this.unknown();
  }

  private heard(version: number) {
    if (!Number.isSafeInteger(version) || !this.subscription?.live) return;
    this.current = Math.max(this.current ?? 0, version);
  }

  private unknown() {
    this.generation += 1;
    this.current = null;
  }
}
