import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';

// Notifications from the database (LISTEN/NOTIFY): triggers say what changed, in the changing
// transaction, and every server hears it when that transaction commits, whichever process made it.
// A server may keep a copy of what a notification invalidates, as long as it drops the copy when
// it hears of a change and does not trust it while it cannot hear: a notification sent while the
// listening connection is down is lost, so `ready` (listening again) means "anything may have
// changed meanwhile".
export interface NotificationHandlers {
  notify(payload: string): void;
  // Listening (again): drop what was kept before.
  ready(): void;
  // Listening stopped: until the next `ready`, changes may go unheard.
  lost(): void;
}

export interface Subscription {
  // True while the channel's notifications are heard.
  readonly live: boolean;
  unsubscribe(): void;
}

export interface DatabaseNotifications {
  // Listens on the channel (the first subscription opens the listening connection).
  subscribe(channel: string, handlers: NotificationHandlers): Subscription;
  close(): Promise<void>;
}

// Channel names are the app's own constants: plain lower-case identifiers, never user input.
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
function checkedChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
}

class Subscribers {
  private readonly byChannel = new Map<string, Set<NotificationHandlers>>();
  // Channels whose LISTEN has succeeded on the current connection.
  readonly listening = new Set<string>();

  get channels() {
    return [...this.byChannel.keys()];
  }

  add(channel: string, handlers: NotificationHandlers): Subscription {
    let set = this.byChannel.get(channel);
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(handlers);
    const listening = this.listening;
    return {
      get live() {
        return listening.has(channel);
      },
      unsubscribe: () => void set.delete(handlers),
    };
  }

  notify(channel: string, payload: string) {
    for (const handlers of this.byChannel.get(channel) ?? []) handlers.notify(payload);
  }

  ready(channel: string) {
    this.listening.add(channel);
    for (const handlers of this.byChannel.get(channel) ?? []) handlers.ready();
  }

  loseAll() {
    const lost = [...this.listening];
    this.listening.clear();
    for (const channel of lost) for (const handlers of this.byChannel.get(channel) ?? []) handlers.lost();
  }
}

// How long a lost listening connection waits before it tries again.
const RELISTEN_DELAY_MS = 1000;

// PostgreSQL: one connection of its own that only listens. postgres.js's own `listen` listens again
// after a lost connection but does not say it was lost; this one does, so that what was kept stops
// being trusted at once.
export function postgresNotifications(url: string): DatabaseNotifications {
  const subscribers = new Subscribers();
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let client: postgres.Sql | null = null;
  // Channels are listened to one at a time, in order.
  let queue: Promise<void> = Promise.resolve();

  const scheduleRetry = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      for (const channel of subscribers.channels) listen(channel);
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };
  const connection = () =>
    (client ??= postgres(url, {
      max: 1,
      max_lifetime: null,
      fetch_types: false,
      onnotice: () => undefined,
      // In postgres.js's options but not in its types.
      ...{ onnotify: (channel: string, payload: string) => subscribers.notify(channel, payload) },
      onclose: () => {
        subscribers.loseAll();
        scheduleRetry();
      },
    }));
  const listen = (channel: string) => {
    queue = queue.then(async () => {
      if (closed || subscribers.listening.has(channel)) return;
      try {
        await connection().unsafe(`listen ${channel}`);
        if (!closed) subscribers.ready(channel);
      } catch {
        subscribers.loseAll();
        scheduleRetry();
      }
    });
  };

  return {
    subscribe(channel, handlers) {
      const subscription = subscribers.add(checkedChannel(channel), handlers);
      if (subscription.live) handlers.ready();
      else listen(channel);
      return subscription;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      subscribers.loseAll();
      await queue;
      await client?.end({ timeout: 1 });
    },
  };
}

// PGlite runs in this process: a notification is delivered right after the statement that
// committed it, and listening is never lost.
export function pgliteNotifications(client: PGlite): DatabaseNotifications {
  const subscribers = new Subscribers();
  const unlisteners: Promise<() => Promise<void>>[] = [];
  const started = new Set<string>();
  return {
    subscribe(channel, handlers) {
      const subscription = subscribers.add(checkedChannel(channel), handlers);
      if (subscription.live) handlers.ready();
      else if (!started.has(channel)) {
        started.add(channel);
        const listening = client.listen(channel, (payload) => subscribers.notify(channel, payload));
        unlisteners.push(listening);
        void listening.then(() => subscribers.ready(channel));
      }
      return subscription;
    },
    async close() {
      subscribers.loseAll();
      for (const unlisten of await Promise.all(unlisteners)) await unlisten().catch(() => undefined);
    },
  };
}
