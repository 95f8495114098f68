import type { YardLocationIndex } from '@openyard/contracts';
import type { DatabaseNotifications, Subscription } from '../../adapters/notifications';

// The channel the yard locations migration's trigger notifies with every change of yard_locations.
export const YARD_LOCATIONS_CHANNEL = 'openyard_yard_locations';

// Without notifications (a workers process listens to none, or the listening connection is down)
// a copy is trusted this long: a location drawn is placing machines within these seconds.
export const UNHEARD_COPY_MS = 5_000;

// The yard's locations as this process places points with them: read once, kept until a change
// is heard (a notification from any process, or a commit of this one), so that the telemetry path
// asks no query per message. A read that began before a change does not become the copy.
export class YardLocationsCache {
  private kept: { index: YardLocationIndex; at: number } | null = null;
  private loading: { promise: Promise<YardLocationIndex>; generation: number } | null = null;
  private generation = 0;
  private readonly subscription: Subscription | null;

  constructor(
    notifications: DatabaseNotifications | null,
    private readonly now: () => number = Date.now,
  ) {
    this.subscription =
      notifications?.subscribe(YARD_LOCATIONS_CHANNEL, {
        notify: () => this.changed(),
        ready: () => this.changed(),
        lost: () => this.changed(),
      }) ?? null;
  }

  async index(load: () => Promise<YardLocationIndex>): Promise<YardLocationIndex> {
    if (this.kept && (this.subscription?.live || this.now() - this.kept.at < UNHEARD_COPY_MS)) return this.kept.index;
    if (this.loading?.generation === this.generation) return this.loading.promise;
    const generation = this.generation;
    const startedAt = this.now();
    const promise = load().then(
      (index) => {
        if (generation === this.generation) this.kept = { index, at: startedAt };
        if (this.loading?.promise === promise) this.loading = null;
        return index;
      },
      (error: unknown) => {
        if (this.loading?.promise === promise) this.loading = null;
        throw error;
      },
    );
    this.loading = { promise, generation };
    return promise;
  }

  // Something changed: the next question reads the locations again.
  changed() {
    this.generation += 1;
    this.kept = null;
  }

  close() {
    this.subscription?.unsubscribe();
  }
}
