import { liveSilenceLimitMs, type LiveCommand, type LiveControl, type LiveMessage } from '@openyard/contracts';
import { parseServerFrame } from './parseServerFrame';
import { reconnectDelayMs } from './reconnectDelayMs';
import { RecentIds } from './RecentIds';

export type LiveConnectionStatus = 'connecting' | 'open' | 'closed';

// How fresh what the live layer delivers is: the connection's state, since when it has been down
// (null while open), when the hub was last heard from (any frame, heartbeats included) and when
// the last live message came.
export interface LiveFreshness {
  status: LiveConnectionStatus;
  offlineSince: number | null;
  lastHeardAt: number | null;
  lastMessageAt: number | null;
}

export interface LiveTopicHandlers {
  onMessage: (message: LiveMessage) => void;
  // The screen's snapshot may be stale: called once the hub confirms a (re)subscription, which
  // happens after every reconnect, and when the hub says this client fell behind on the topic.
  onResync: () => void;
  // The hub refused the topic (e.g. the user may not watch it); null once a subscription succeeds.
  onError?: (message: string | null) => void;
}

export interface LiveClientOptions {
  url: () => string;
  // How long a topic nobody listens to stays subscribed: a screen that remounts (tab switch,
  // StrictMode, a quick back-and-forth) keeps its subscription instead of churning it.
  graceMs?: number;
  // A connection that lived this long counts as stable: the backoff starts again from the bottom.
  stableAfterMs?: number;
  createSocket?: (url: string) => WebSocket;
  // The hub closed the socket because the session ended (close code 4001).
  onSessionEnded?: () => void;
  // An open socket the hub has not been heard on for this long (it sends a heartbeat every
  // LIVE_HEARTBEAT_MS) is taken for dead, a half-open connection the browser would keep for many
  // minutes, and replaced.
  silenceLimitMs?: number;
  now?: () => number;
}

// Live data counts as the session's activity (as the spec's refresh requests do); listeners hear of
// it at most this often.
const ACTIVITY_EVERY_MS = 5_000;

const SESSION_ENDED = 4001;

interface TopicEntry {
  handlers: Set<LiveTopicHandlers>;
  releaseTimer: ReturnType<typeof setTimeout> | null;
  // A subscribe command went out on the current socket.
  requested: boolean;
  error: string | null;
}

const SOCKET_OPEN = 1;

// One websocket per tab to the hub (DESIGN §7): ref-counted topics with a grace period, automatic
// reconnect with capped, jittered backoff, resubscription of every topic after a reconnect followed
// by a resync of its listeners, and deduplication of at-least-once deliveries by event id.
export class LiveClient {
  private readonly url: () => string;
  private readonly graceMs: number;
  private readonly stableAfterMs: number;
  private readonly createSocket: (url: string) => WebSocket;
  private readonly onSessionEnded: () => void;
  private readonly silenceLimitMs: number;
  private readonly now: () => number;

  private socket: WebSocket | null = null;
  private running = false;
  private attempt = 0;
  private openedAt: number | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private status: LiveConnectionStatus = 'closed';
  private readonly statusListeners = new Set<(status: LiveConnectionStatus) => void>();
  private readonly topics = new Map<string, TopicEntry>();
  private readonly recent = new RecentIds(2000);
  private readonly accessListeners = new Set<() => void>();
  private readonly activityListeners = new Set<() => void>();
  private lastActivity = 0;
  private offlineSince: number | null;
  private lastHeardAt: number | null = null;
  private lastMessageAt: number | null = null;
  private silenceTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: LiveClientOptions) {
    this.url = options.url;
    this.graceMs = options.graceMs ?? 5_000;
    this.stableAfterMs = options.stableAfterMs ?? 10_000;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.onSessionEnded = options.onSessionEnded ?? (() => undefined);
    this.silenceLimitMs = options.silenceLimitMs ?? liveSilenceLimitMs();
    this.now = options.now ?? Date.now;
    this.offlineSince = this.now();
  }

  getStatus(): LiveConnectionStatus {
    return this.status;
  }

  // Read on demand (a staleness indicator ticks once a second): nothing here is pushed per message.
  getFreshness(): LiveFreshness {
    return {
      status: this.status,
      offlineSince: this.offlineSince,
      lastHeardAt: this.lastHeardAt,
      lastMessageAt: this.lastMessageAt,
    };
  }

  onStatusChange(listener: (status: LiveConnectionStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  // The hub says the user's role, menus or landing page changed.
  onAccessChanged(listener: () => void): () => void {
    this.accessListeners.add(listener);
    return () => this.accessListeners.delete(listener);
  }

  // Live data reached a screen (at most every ACTIVITY_EVERY_MS).
  onActivity(listener: () => void): () => void {
    this.activityListeners.add(listener);
    return () => this.activityListeners.delete(listener);
  }

  // Connects (after login). Idempotent.
  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline);
    this.connect();
  }

  // Disconnects and stays disconnected (logout). Topics with listeners are kept and resubscribed on start.
  stop(): void {
    if (!this.running) return;
    this.running = false;
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
    this.clearReconnectTimer();
    this.clearSilenceTimer();
    const socket = this.socket;
    this.socket = null;
    this.openedAt = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close(1000, 'logout');
    }
    for (const entry of this.topics.values()) entry.requested = false;
    // Another user may log in on this tab next; what this session saw is no business of theirs.
    this.recent.clear();
    this.setStatus('closed');
  }

  subscribe(topic: string, handlers: LiveTopicHandlers): () => void {
    let entry = this.topics.get(topic);
    if (!entry) {
      entry = { handlers: new Set(), releaseTimer: null, requested: false, error: null };
      this.topics.set(topic, entry);
    }
    if (entry.releaseTimer !== null) {
      clearTimeout(entry.releaseTimer);
      entry.releaseTimer = null;
    }
    entry.handlers.add(handlers);
    if (entry.error !== null) handlers.onError?.(entry.error);
    // A topic the hub refused is asked for again by the next screen that wants it.
    if (!entry.requested) this.requestSubscription(topic, entry);
    const owned = entry;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(topic, owned, handlers);
    };
  }

  private release(topic: string, entry: TopicEntry, handlers: LiveTopicHandlers): void {
    entry.handlers.delete(handlers);
    if (entry.handlers.size > 0 || entry.releaseTimer !== null) return;
    entry.releaseTimer = setTimeout(() => {
      entry.releaseTimer = null;
      if (entry.handlers.size > 0 || this.topics.get(topic) !== entry) return;
      this.topics.delete(topic);
      if (entry.requested) this.send({ op: 'unsubscribe', topic });
    }, this.graceMs);
  }

  private requestSubscription(topic: string, entry: TopicEntry): void {
    if (this.socket?.readyState !== SOCKET_OPEN) return;
    entry.requested = true;
    this.send({ op: 'subscribe', topic });
  }

  private send(command: LiveCommand): void {
    if (this.socket?.readyState === SOCKET_OPEN) this.socket.send(JSON.stringify(command));
  }

  private connect(): void {
    this.reconnectTimer = null;
    this.setStatus('connecting');
    let socket: WebSocket;
    try {
      socket = this.createSocket(this.url());
    } catch (error) {
      console.warn('Openyard: live connection could not be opened', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.openedAt = Date.now();
      this.lastHeardAt = this.now();
      this.armSilenceTimer(this.silenceLimitMs);
      this.setStatus('open');
      for (const [topic, entry] of this.topics) {
        // A topic in its grace period would only be unsubscribed again: forget it instead.
        if (entry.handlers.size === 0) {
          if (entry.releaseTimer !== null) clearTimeout(entry.releaseTimer);
          this.topics.delete(topic);
        } else this.requestSubscription(topic, entry);
      }
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      this.receive(event.data);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.disconnected();
      if (event.code === SESSION_ENDED) guarded(this.onSessionEnded);
    };
    // An error is always followed by close, which does the work.
    socket.onerror = () => undefined;
  }

  // An open socket the hub has been silent on past the limit is dropped without waiting for its
  // close handshake (which a dead connection never completes), and a new one is opened.
  // Armed while a socket is open, for when the hub would have been silent too long; checked then,
  // and armed again for the rest of the limit when it was heard meanwhile (no timer per frame).
  private armSilenceTimer(delayMs: number): void {
    this.clearSilenceTimer();
    this.silenceTimer = setTimeout(this.checkSilence, Math.max(delayMs, 50));
  }

  private clearSilenceTimer(): void {
    if (this.silenceTimer !== null) clearTimeout(this.silenceTimer);
    this.silenceTimer = null;
  }

  private readonly checkSilence = () => {
    this.silenceTimer = null;
    const socket = this.socket;
    if (!socket || this.status !== 'open' || this.lastHeardAt === null) return;
    const silentFor = this.now() - this.lastHeardAt;
    if (silentFor <= this.silenceLimitMs) {
      this.armSilenceTimer(this.silenceLimitMs - silentFor + 1);
      return;
    }
    console.warn('Openyard: the live connection went silent; reconnecting');
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close(4000, 'silent');
    } catch {
      // Closing a socket that is already going cannot fail in a way that matters here.
    }
    this.socket = null;
    this.disconnected();
  };

  private disconnected(): void {
    this.clearSilenceTimer();
    if (this.openedAt !== null && Date.now() - this.openedAt >= this.stableAfterMs) this.attempt = 0;
    this.openedAt = null;
    for (const entry of this.topics.values()) entry.requested = false;
    if (!this.running) return;
    this.setStatus('closed');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.clearReconnectTimer();
    const delay = reconnectDelayMs(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private clearReconnectTimer(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  // Back online: no reason to sit out the rest of the backoff.
  private readonly onOnline = () => {
    if (this.running && this.socket === null && this.reconnectTimer !== null) {
      this.clearReconnectTimer();
      this.connect();
    }
  };

  private receive(text: string): void {
    this.lastHeardAt = this.now();
    const frame = parseServerFrame(text);
    if (!frame) {
      console.warn('Openyard: malformed live frame ignored');
      return;
    }
    if (frame.kind === 'message') this.deliver(frame.message);
    else this.control(frame.control);
  }

  private deliver(message: LiveMessage): void {
    const entry = this.topics.get(message.topic);
    if (!entry || entry.handlers.size === 0) return;
    // One event may reach several topics (a zone and its area); dedupe within each topic.
    if (this.recent.seen(`${message.topic}\u0000${message.eventId}`)) return;
    for (const handlers of [...entry.handlers]) guarded(() => handlers.onMessage(message));
    this.lastMessageAt = this.now();
    const now = Date.now();
    if (now - this.lastActivity >= ACTIVITY_EVERY_MS) {
      this.lastActivity = now;
      for (const listener of [...this.activityListeners]) guarded(listener);
    }
  }

  private control(control: LiveControl): void {
    switch (control.type) {
      case 'subscribed': {
        const entry = this.topics.get(control.topic);
        if (!entry) return;
        entry.error = null;
        for (const handlers of [...entry.handlers]) {
          guarded(() => handlers.onError?.(null));
          guarded(() => handlers.onResync());
        }
        return;
      }
      case 'resync': {
        const entry = this.topics.get(control.topic);
        if (!entry) return;
        for (const handlers of [...entry.handlers]) guarded(() => handlers.onResync());
        return;
      }
      case 'error': {
        const entry = control.topic === undefined ? undefined : this.topics.get(control.topic);
        if (!entry) {
          console.warn('Openyard: live hub error', control.message);
          return;
        }
        entry.error = control.message;
        entry.requested = false;
        for (const handlers of [...entry.handlers]) guarded(() => handlers.onError?.(control.message));
        return;
      }
      case 'accessChanged':
        for (const listener of [...this.accessListeners]) guarded(listener);
        return;
      // A heartbeat was heard (receive noted the time): nothing else to do.
      case 'heartbeat':
      case 'unsubscribed':
        return;
      default:
        unknownControl(control);
    }
  }

  private setStatus(status: LiveConnectionStatus): void {
    if (status === this.status) return;
    this.status = status;
    if (status === 'open') this.offlineSince = null;
    else this.offlineSince ??= this.now();
    for (const listener of [...this.statusListeners]) guarded(() => listener(status));
  }
}

function unknownControl(control: never): void {
  console.warn('Openyard: unknown live control reply ignored', control);
}

// One screen's failing handler must not starve the others of their messages.
function guarded(run: () => void): void {
  try {
    run();
  } catch (error) {
    console.error('Openyard: live listener failed', error);
  }
}
