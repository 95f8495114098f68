import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { stampLiveAt } from './liveAt';

// `apply` returns this for a message it cannot apply as a delta (e.g. a gate renamed, which the
// readers carry by name): the snapshot is fetched again instead.
export const REFETCH = Symbol('refetch');

export type LiveApply<TData, TMessage> = (current: TData, message: TMessage) => TData | typeof REFETCH;

// One list kept live in the query cache, in the shape of home-assistant-js-websocket's collections:
// the snapshot is the query's (fetched by the screen's useQuery), the topic's deltas are applied to
// it as they come, and a resync (the subscription confirmed after every reconnect, or the hub saying
// this tab fell behind or the bus had a gap) fetches the snapshot again.
//
// The race guard: a snapshot in flight may have been read before a delta that arrives meanwhile, and
// would overwrite it. Deltas that arrive while the query fetches are applied to what is shown and
// kept; when the fetch succeeds they are applied again, in order, to the new snapshot. Deltas carry
// the new state of what they name (upserts, removals), so one the snapshot already holds changes
// nothing, and the last one per object wins. Messages come in commit order, so the list ends as the
// server's. A failed fetch drops them: the next snapshot holds them.
//
// With `atOf` (the message's time), the data shown is stamped with the newest message applied to it
// (`liveAtOf`, liveAt.ts), and a snapshot that lands afterwards carries that stamp on.
export class LiveCollection<TData extends object, TMessage> {
  private readonly queryClient: QueryClient;
  private readonly queryKey: QueryKey;
  private readonly apply: LiveApply<TData, TMessage>;
  private readonly atOf: ((message: TMessage) => number) | null;
  private pending: TMessage[] = [];
  // The time of the newest message applied.
  private liveAt: number | null = null;
  private readonly stopWatching: () => void;

  constructor(
    queryClient: QueryClient,
    queryKey: QueryKey,
    apply: LiveApply<TData, TMessage>,
    atOf?: (message: TMessage) => number,
  ) {
    this.queryClient = queryClient;
    this.queryKey = queryKey;
    this.apply = apply;
    this.atOf = atOf ?? null;
    const hash = hashKey(queryKey);
    this.stopWatching = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== hash) return;
      const action = event.action;
      // A snapshot arrived (not a change this collection made itself): fetched after the messages
      // applied so far, or with those that came meanwhile applied again, it holds them all.
      if (action.type === 'success' && !action.manual) {
        stampLiveAt(event.query.state.data, this.liveAt);
        if (this.pending.length) this.replay();
      } else if (action.type === 'error') this.pending = [];
    });
  }

  private fetching(): boolean {
    return this.queryClient.isFetching({ queryKey: this.queryKey, exact: true }) > 0;
  }

  message(message: TMessage): void {
    if (this.fetching()) this.pending.push(message);
    this.update([message]);
  }

  // Fetch the snapshot again (resync, reconnect, gap).
  resync(): void {
    void this.queryClient.invalidateQueries({ queryKey: this.queryKey, exact: true });
  }

  dispose(): void {
    this.stopWatching();
    this.pending = [];
  }

  private replay(): void {
    const messages = this.pending;
    this.pending = [];
    this.update(messages);
  }

  private update(messages: TMessage[]): void {
    // Whatever becomes of them here, the data shown next holds these messages: applied below, or in
    // the snapshot fetched instead (stamped when it lands).
    if (this.atOf) for (const message of messages) this.liveAt = Math.max(this.liveAt ?? 0, this.atOf(message));
    let refetch = false;
    const shown = this.queryClient.setQueryData<TData>(this.queryKey, (current) => {
      // No snapshot yet: the one on its way (or the first fetch) holds the change.
      if (current === undefined) return current;
      let next = current;
      for (const message of messages) {
        const applied = this.apply(next, message);
        if (applied === REFETCH) {
          refetch = true;
          return current;
        }
        next = applied;
      }
      return next;
    });
    // The cache keeps its own copy where the data changed (structural sharing): that one is shown.
    if (!refetch) stampLiveAt(shown, this.liveAt);
    if (refetch) {
      this.pending = [];
      this.resync();
    }
  }
}
