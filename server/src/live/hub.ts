import websocket from '@fastify/websocket';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Value } from 'typebox/value';
import {
  LIVE_HEARTBEAT_MS,
  LiveCommand,
  liveCoalesceKey,
  liveMirrorOf,
  mayWatchTopic,
  messages,
  parseLiveTopic,
  type LiveControl,
  type LiveMessage,
} from '@openyard/contracts';
import type { RawData, WebSocket } from 'ws';
import type { Bus } from '../adapters/bus';
import type { AuthService } from '../modules/auth';
import type { Principal } from '../modules/auth';
import { AppError, forbidden } from '../errors';
import { projectEvent } from './projection';
import { RecentEvents } from './recent-events';

function rawText(raw: RawData): string {
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  return Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : Buffer.from(raw).toString('utf8');
}

// Streams the message metadata gives a coalescing key (positions, per object) are coalesced: the
// last value per key in each window wins.
const COALESCE_MS = 200;
// A client whose socket buffers more than this misses messages and is told to resync; past the
// hard limit it is disconnected (it reconnects and reloads its snapshots).
const SOFT_BUFFER_LIMIT = 1024 * 1024;
const HARD_BUFFER_LIMIT = 8 * 1024 * 1024;
const PING_MS = 30_000;
// Sessions are checked again at once when the access cache hears of a change (logout, a user
// disabled, a role's permissions), when they would go idle, and every CHECK_MS besides: the check
// then also counts the live data a socket received as the session's activity (see `deliveredAt`).
const CHECK_MS = 15_000;
// Changes heard within this window are checked together (a role change notifies once per statement).
const CHANGE_GATHER_MS = 25;
// setTimeout's longest delay; an idle limit longer than that is checked by the CHECK_MS round.
const LONGEST_TIMER_MS = 2 ** 31 - 1;
const MAX_TOPICS = 50;
// Events remembered to drop a second delivery of the same event (the relay is at-least-once).
const RECENT_EVENTS = 20_000;

interface LiveClient {
  socket: WebSocket;
  principal: Principal;
  topics: Set<string>;
  pending: Map<string, LiveMessage>;
  resync: Set<string>;
  alive: boolean;
  // When live data was last sent, and the last such time a check counted: live data counts as the
  // session's activity at the time it was sent, as the spec's screens refresh their data with
  // requests that each count (spec 1 §7; README "Sessions").
  deliveredAt: number;
  countedAt: number;
  // Checks started; only the latest one's answer is applied.
  checks: number;
  // When the session would go idle, a check.
  idleTimer: ReturnType<typeof setTimeout> | null;
  closed: boolean;
}

// What the web shows from a principal: when it changes, the client fetches its user again.
const accessOf = (principal: Principal) =>
  JSON.stringify([principal.roleId, principal.role, principal.landingPage, principal.permissions]);

// A message to deliver, as projected once for all clients: its coalescing key and its mirror (the
// containers screen refreshes on every container change without the inventory grant: the yard
// topic's messages reach its subscribers under its own topic, published once, not twice), and its
// JSON, made on first need and then shared.
interface Outgoing {
  message: LiveMessage;
  coalesce: string | null;
  mirror: Outgoing | null;
  text: string | null;
}

function outgoing(message: LiveMessage): Outgoing {
  const coalesce = liveCoalesceKey(message);
  const mirrorTopic = liveMirrorOf(message);
  const mirror = mirrorTopic
    ? { message: { ...message, topic: mirrorTopic }, coalesce, mirror: null, text: null }
    : null;
  return { message, coalesce, mirror, text: null };
}

const textOf = (item: Outgoing) => (item.text ??= JSON.stringify(item.message));

// A topic of one gate (its OCR queue, its cameras) is watched only by a user who works that gate.
export type GateWatchCheck = (principal: Principal, gateId: number) => Promise<boolean>;
const GATE_TOPICS = new Set(['ocr', 'cameras']);

export const liveHub = fp<{
  bus: Bus;
  auth: AuthService;
  allowedOrigins: readonly string[];
  worksGate?: GateWatchCheck;
  // Told how many clients are connected (the openyard_websocket_clients metric).
  countClients?: (count: () => number) => void;
}>(
  async (app: FastifyInstance, { bus, auth, allowedOrigins, worksGate, countClients }) => {
    const mayWatch = async (principal: Principal, topic: string) => {
      if (!mayWatchTopic(principal, topic)) return false;
      const parsed = parseLiveTopic(topic);
      if (!worksGate || !parsed || !GATE_TOPICS.has(parsed.base) || parsed.parameter === null) return true;
      return worksGate(principal, Number(parsed.parameter));
    };
    await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
    const clients = new Set<LiveClient>();
    countClients?.(() => clients.size);
    const recentEvents = new RecentEvents(RECENT_EVENTS);

    // `text` is the message as JSON when the caller has it already (one event, many clients).
    const send = (client: LiveClient, payload: LiveMessage | LiveControl, text?: string) => {
      if (client.socket.readyState !== client.socket.OPEN) return;
      if (client.socket.bufferedAmount > HARD_BUFFER_LIMIT) {
        client.socket.terminate();
        return;
      }
      client.socket.send(text ?? JSON.stringify(payload));
    };

    function deliver(client: LiveClient, item: Outgoing, at: number) {
      if (client.socket.bufferedAmount > SOFT_BUFFER_LIMIT) {
        client.resync.add(item.message.topic);
        return;
      }
      client.deliveredAt = at;
      if (item.coalesce !== null) client.pending.set(item.coalesce, item.message);
      else send(client, item.message, textOf(item));
    }

    // A batch of events leaves in one write per client: its socket is corked while the batch's
    // frames are queued (ws writes every frame at once otherwise, a system call each).
    function corked(client: LiveClient, work: () => void) {
      const raw = (client.socket as unknown as { _socket?: Duplex })._socket;
      raw?.cork();
      try {
        work();
      } finally {
        raw?.uncork();
      }
    }

    // At-least-once delivery upstream: the same event can arrive twice; it is shown once. The bus
    // carries domain events: each is projected to its live messages once, for all clients, and each
    // message turned into JSON once, for all the clients that watch its topic.
    const unsubscribe = bus.subscribe((batch) => {
      const events = batch.filter((event) => !recentEvents.seen(event.eventId));
      if (!events.length || !clients.size) return;
      const at = Date.now();
      const items: Outgoing[] = [];
      for (const event of events) for (const message of projectEvent(event)) items.push(outgoing(message));
      for (const client of clients) {
        corked(client, () => {
          for (const item of items) {
            if (client.topics.has(item.message.topic)) deliver(client, item, at);
            if (item.mirror && client.topics.has(item.mirror.message.topic)) deliver(client, item.mirror, at);
          }
        });
      }
    });

    const flushTimer = setInterval(() => {
      for (const client of clients) {
        if (client.pending.size && client.socket.bufferedAmount <= SOFT_BUFFER_LIMIT) {
          for (const message of client.pending.values()) send(client, message);
          client.pending.clear();
        }
        if (client.resync.size && client.socket.bufferedAmount <= SOFT_BUFFER_LIMIT / 4) {
          for (const topic of client.resync) send(client, { type: 'resync', topic });
          client.resync.clear();
        }
      }
    }, COALESCE_MS);

    // Dead sockets are found by ping/pong.
    const pingTimer = setInterval(() => {
      for (const client of clients) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }, PING_MS);

    // The browser answers pings without telling the page: a heartbeat the page sees lets it find a
    // connection that went silent (and say how fresh its figures are). One text for all clients.
    const heartbeatTimer = setInterval(() => {
      if (!clients.size) return;
      const heartbeat: LiveControl = { type: 'heartbeat', at: Date.now() };
      const text = JSON.stringify(heartbeat);
      for (const client of clients) send(client, heartbeat, text);
    }, LIVE_HEARTBEAT_MS);

    // Ended sessions and lost permissions: the session is checked again and the socket closed
    // (4001) or the topics it may no longer watch dropped; a principal that changed otherwise (a
    // role's menus) is told to the client, which fetches its user again.
    function check(client: LiveClient) {
      if (client.closed) return;
      const attempt = ++client.checks;
      // Data sent since the last check is activity at the time it was sent (a session that had gone
      // idle before that is still over).
      const activeAt = client.deliveredAt > client.countedAt ? client.deliveredAt : null;
      client.countedAt = client.deliveredAt;
      const { sessionId, userId } = client.principal;
      auth.check(sessionId, userId, new Date(activeAt ?? Date.now()), { touch: activeAt !== null }).then(
        ({ principal, lastSeenAt }) => {
          if (client.closed || attempt !== client.checks) return;
          const changed = accessOf(principal) !== accessOf(client.principal);
          client.principal = principal;
          for (const topic of client.topics) {
            if (!mayWatchTopic(principal, topic)) {
              client.topics.delete(topic);
              send(client, { type: 'error', topic, message: messages.forbidden });
            }
          }
          if (changed) send(client, { type: 'accessChanged' });
          watchIdle(client, lastSeenAt);
        },
        (error: unknown) => {
          if (client.closed) return;
          if (error instanceof AppError && error.statusCode === 401) client.socket.close(4001, 'Session ended');
          // Anything else (the database unreachable) decides nothing: the next round asks again.
          else app.log.warn({ err: error, sessionId }, 'live session check failed');
        },
      );
    }

    function watchIdle(client: LiveClient, lastSeenAt: number) {
      if (client.idleTimer) clearTimeout(client.idleTimer);
      client.idleTimer = null;
      // A display's session never goes idle: only the CHECK_MS round and the changes heard check it.
      const deadline = auth.idleDeadline(client.principal, lastSeenAt);
      if (deadline === null) return;
      const due = deadline + 10 - Date.now();
      client.idleTimer = due < LONGEST_TIMER_MS ? setTimeout(() => check(client), Math.max(due, 0)) : null;
      client.idleTimer?.unref();
    }

    const checkTimer = setInterval(() => {
      for (const client of clients) check(client);
    }, CHECK_MS);

    let changedSessions: Set<string> | 'all' | null = null;
    const stopWatching = auth.watch((sessionId) => {
      const gathering = changedSessions !== null;
      if (sessionId === null) changedSessions = 'all';
      else if (changedSessions === null) changedSessions = new Set([sessionId]);
      else if (changedSessions !== 'all') changedSessions.add(sessionId);
      if (gathering) return;
      setTimeout(() => {
        const changed = changedSessions;
        changedSessions = null;
        for (const client of clients) {
          if (changed === 'all' || changed?.has(client.principal.sessionId)) check(client);
        }
      }, CHANGE_GATHER_MS).unref();
    });

    // Events published while the bus could not deliver (Redis reconnecting) never reach this hub:
    // every client reloads the snapshots of what it watches.
    const stopGaps = bus.onGap(() => {
      for (const client of clients) for (const topic of client.topics) client.resync.add(topic);
    });
    for (const timer of [flushTimer, pingTimer, checkTimer, heartbeatTimer]) timer.unref();

    // A refused upgrade (401, 403) answers over the raw socket, which would then stay open: close it,
    // so unauthenticated clients cannot hold sockets (and delay shutdown).
    app.addHook('onResponse', async (request, reply) => {
      if (request.headers.upgrade && reply.statusCode >= 400) request.raw.socket.destroy();
    });

    app.addHook('onClose', async () => {
      unsubscribe();
      stopWatching();
      stopGaps();
      clearInterval(flushTimer);
      clearInterval(pingTimer);
      clearInterval(checkTimer);
      clearInterval(heartbeatTimer);
      for (const client of clients) client.socket.close(1001, 'Server shutting down');
    });

    // Browsers always send Origin on a websocket: one from another site is cross-site hijacking.
    function checkOrigin(request: FastifyRequest) {
      const origin = request.headers.origin;
      const own = `${request.protocol}://${request.host}`;
      const bearer = request.headers.authorization?.startsWith('Bearer ');
      if (origin ? origin !== own && !allowedOrigins.includes(origin) : !bearer) {
        throw new AppError(403, 'CROSS_SITE', messages.crossSiteRequest);
      }
    }

    app.get(
      '/ws',
      {
        websocket: true,
        config: { access: {} },
        preValidation: async (request) => checkOrigin(request),
      },
      (socket, request) => {
        if (!request.principal) throw forbidden();
        const client: LiveClient = {
          socket,
          principal: request.principal,
          topics: new Set(),
          pending: new Map(),
          resync: new Set(),
          alive: true,
          deliveredAt: 0,
          countedAt: 0,
          checks: 0,
          idleTimer: null,
          closed: false,
        };
        clients.add(client);
        check(client);
        socket.on('pong', () => (client.alive = true));
        socket.on('close', () => {
          client.closed = true;
          if (client.idleTimer) clearTimeout(client.idleTimer);
          clients.delete(client);
        });
        socket.on('message', (raw) => void receive(raw));
        async function receive(raw: RawData) {
          let command: unknown;
          try {
            command = JSON.parse(rawText(raw));
          } catch {
            return send(client, { type: 'error', message: 'Commands are JSON' });
          }
          if (!Value.Check(LiveCommand, command)) return send(client, { type: 'error', message: 'Unknown command' });
          const { op, topic } = command;
          if (op === 'unsubscribe') {
            client.topics.delete(topic);
            return send(client, { type: 'unsubscribed', topic });
          }
          let allowed: boolean;
          try {
            allowed = await mayWatch(client.principal, topic);
          } catch (error) {
            app.log.warn({ err: error, topic }, 'live subscription check failed');
            allowed = false;
          }
          if (!allowed) return send(client, { type: 'error', topic, message: messages.forbidden });
          if (client.topics.size >= MAX_TOPICS)
            return send(client, { type: 'error', topic, message: 'Too many topics' });
          client.topics.add(topic);
          send(client, { type: 'subscribed', topic });
        }
      },
    );
    app.decorate('liveClients', () => clients.size);
  },
  { name: 'live-hub', dependencies: ['access'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    liveClients?: () => number;
  }
}
