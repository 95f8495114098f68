import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@openyard/contracts';
import type { SharedMinuteCounter } from '../adapters/minute-counter';
import { AppError } from '../errors';
import type { RouteExtras } from './routes';

const MINUTE_MS = 60_000;
// The most client addresses one process counts at once; past it, those whose minute is over go.
const MAX_CLIENTS = 20_000;

// A count per key over fixed one-minute windows. Taken synchronously: @fastify/rate-limit's local
// store hands every request the same counter object and reads it after an await, so a burst of
// concurrent requests all read the burst's final count and are all refused together.
export class MinuteBudget {
  private readonly windows = new Map<string, { count: number; since: number }>();
  constructor(private readonly max: number) {}

  // Counts one request of `key`: whether it is within the budget, and when the window ends.
  take(key: string, now = Date.now()): { allowed: boolean; retryAfterSeconds: number } {
    let window = this.windows.get(key);
    if (!window || now - window.since >= MINUTE_MS) {
      if (!window && this.windows.size >= MAX_CLIENTS) this.prune(now);
      window = { count: 0, since: now };
      this.windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= this.max,
      retryAfterSeconds: Math.max(1, Math.ceil((window.since + MINUTE_MS - now) / 1000)),
    };
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (now - window.since >= MINUTE_MS) this.windows.delete(key);
    // Every window still running (a flood from more addresses than that): the oldest go first.
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_CLIENTS) break;
      this.windows.delete(key);
    }
  }
}

// What a budget answers for one request.
export interface Taken {
  allowed: boolean;
  retryAfterSeconds: number;
}
export interface Budget {
  take(key: string): Taken | Promise<Taken>;
}

// Where the public calls' budgets are counted: in this process, or (with Redis: a scaled set-up)
// in Redis, so that two servers behind one proxy give a client one budget, not one each (issue 23).
// While Redis is unreachable a server counts on its own, as without Redis: a sign-in never waits
// for, or fails with, the limiter's store.
export type BudgetStore = (name: string, max: number) => Budget;

export const localBudgets: BudgetStore = (_name, max) => new MinuteBudget(max);

export function sharedBudgets(counter: SharedMinuteCounter): BudgetStore {
  return (name, max) => {
    const fallback = new MinuteBudget(max);
    return {
      async take(key) {
        try {
          const { count, remainingMs } = await counter.take(`${name}:${key}`, MINUTE_MS);
          return { allowed: count <= max, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
        } catch {
          return fallback.take(key);
        }
      },
    };
  };
}

const refuse = (reply: FastifyReply, retryAfterSeconds: number, message: string) => {
  reply.header('retry-after', String(retryAfterSeconds));
  return new AppError(429, 'RATE_LIMITED', message);
};

// A per-client budget of one kind of public call (the sign-ins: password and display token), keyed
// by the client's address as the server sees it: the socket's, or behind TRUST_PROXY the address the
// trusted proxy forwarded, so a forged X-Forwarded-For or X-Real-IP never opens a new budget.
export function clientLimit({
  name,
  perMinute,
  message,
  store,
}: {
  name: string;
  perMinute: number;
  message: string;
  store: BudgetStore;
}): RouteExtras {
  const budget = store(name, perMinute);
  return {
    rateLimit: false,
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      const taken = await budget.take(request.ip);
      if (!taken.allowed) throw refuse(reply, taken.retryAfterSeconds, message);
    },
  };
}

// The limits of the public calls (issue 21: the kiosk, mobile search and status links face anyone):
// each client address has a budget per minute shared by all of them, and all clients together have
// one too, so that a flood from many addresses takes at most that much of the server; the staff's
// calls have their own limit (API_RATE_LIMIT_PER_MINUTE) and never meet these. A client over its own
// budget is refused before it is counted in the global one: one noisy address cannot spend
// everybody's. Counted where `store` keeps them (shared by the servers with Redis).
export function publicLimits({
  perClientPerMinute,
  globalPerMinute,
  store = localBudgets,
}: {
  perClientPerMinute: number;
  globalPerMinute: number;
  store?: BudgetStore;
}): RouteExtras {
  const perClient = store('public-client', perClientPerMinute);
  const everybody = store('public-all', globalPerMinute);
  return {
    // Counted here instead of in the API's limit (app.ts skips routes with a limit of their own).
    rateLimit: false,
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      const client = await perClient.take(request.ip);
      if (!client.allowed) throw refuse(reply, client.retryAfterSeconds, messages.publicRateLimited);
      const all = await everybody.take('public');
      if (!all.allowed) throw refuse(reply, all.retryAfterSeconds, messages.publicBusy);
    },
  };
}
