import type { DatabaseNotifications, Subscription } from '../../adapters/notifications';
import type { Principal } from './principal';

// The channel migration 0009's triggers notify: a session's id, or '*' for users, roles and
// permissions.
export const ACCESS_CHANNEL = 'openyard_access';

// Sessions kept at once; past it the oldest goes (a yard has tens of users, not thousands).
const SESSIONS_KEPT = 10_000;

export interface KeptSession {
  userId: number;
  // When the session was last touched, as the database has it.
  lastSeenAt: number;
  principal: Principal;
}

// Who each session is, kept between the session's touches so that a request does not read the
// session, user, role and permissions again every time. It is trusted only while the database's
// notifications are heard (`kept` is empty otherwise), and every change that could make a kept
// session wrong drops it: in this process at once (`changed`, `forget`, after the commit), in
// every other one when the trigger's notification arrives.
//
// A read that began before a change may end after the change dropped its session: it must not put
// back what it read. Every drop moves `generation` on, and `keep` takes only a read that began in
// the current generation.
export class AccessCache {
  private readonly sessions = new Map<string, KeptSession>();
  private current = 0;
  private readonly subscription: Subscription | null;

  constructor(notifications: DatabaseNotifications | null) {
    this.subscription =
      notifications?.subscribe(ACCESS_CHANNEL, {
        notify: (payload) => (payload === '*' ? this.changed() : this.forget(payload)),
        ready: () => this.changed(),
        lost: () => this.changed(),
      }) ?? null;
  }

  get generation() {
    return this.current;
  }

  kept(sessionId: string): KeptSession | undefined {
    return this.subscription?.live ? this.sessions.get(sessionId) : undefined;
  }

  keep(sessionId: string, session: KeptSession, readInGeneration: number) {
    if (readInGeneration !== this.current || !this.subscription?.live) return;
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, session);
    if (this.sessions.size > SESSIONS_KEPT) this.sessions.delete(this.sessions.keys().next().value!);
  }

  // Who else must hear of a change, as it happens: the websocket hub checks the sessions of its
  // open sockets again (a session id, or null for any session).
  private readonly listeners = new Set<(sessionId: string | null) => void>();
  onChange(listener: (sessionId: string | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // One session changed (it ended, or its last touch was moved back).
  forget(sessionId: string) {
    this.current += 1;
    this.sessions.delete(sessionId);
    for (const listener of this.listeners) listener(sessionId);
  }

  // Users, roles or permissions changed: any kept session may be wrong.
  changed() {
    this.current += 1;
    this.sessions.clear();
    for (const listener of this.listeners) listener(null);
  }

  close() {
    this.subscription?.unsubscribe();
    this.changed();
    this.listeners.clear();
  }
}
