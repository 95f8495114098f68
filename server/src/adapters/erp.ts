import {
  BrokenCircuitError,
  circuitBreaker,
  ConsecutiveBreaker,
  ExponentialBackoff,
  handleWhen,
  retry,
  TaskCancelledError,
  timeout,
  TimeoutStrategy,
  wrap,
  type IPolicy,
} from 'cockatiel';

// The yard's ERP (issue 20), one port for every call the yard makes to it: the gate's container
// lookup before a dispatch (spec 1 §4: a container the ERP still knows leaves only when the clerk
// confirms), the inventory the yard sends it (GET containers/sync-with-erp) and the gate passes it
// hands in (stored as pre-advices). Two adapters: `noErp` (no ERP_URL: nothing is found there, and
// a sync says so) and `createHttpErp`, the HTTP/JSON contract of docs/erp-openapi.yaml with
// timeouts, retries with back-off and a circuit breaker, so that a slow or failing ERP never holds
// a gate. The reference ERP of simulator/src/erp.ts speaks the same contract.

export interface ErpLookup {
  found: boolean;
  // The ERP could not be asked (its reason, for the clerk): the gate goes on as if not found.
  unavailable?: string;
}

export interface ErpInventoryEntry {
  containerNumber: string;
  containerSize: string | null;
  containerType: string | null;
  process: string | null;
  igm: string | null;
  item: string | null;
  location: string | null;
  gateInAt: string;
}

// A gate pass as the ERP hands it in: a container expected at the gate (a pre-advice).
export interface ErpGatePass {
  containerNumber: string;
  expectedFrom: number;
  expectedTo?: number | null;
  containerSize: string;
  containerType?: string | null;
  liner?: string | null;
  process?: string | null;
  trailerNumber?: string | null;
  igm?: string | null;
  item?: string | null;
}

export interface Erp {
  readonly configured: boolean;
  // Never throws: an ERP that cannot be asked answers not found, with the reason.
  findContainer(containerNumber: string): Promise<ErpLookup>;
  // Throws ErpUnavailable when the ERP cannot take it.
  sendInventory(containers: readonly ErpInventoryEntry[]): Promise<{ accepted: number }>;
  // The gate passes issued since `since` (epoch ms; all open ones without it).
  gatePasses(since?: number): Promise<ErpGatePass[]>;
}

export class ErpUnavailable extends Error {
  override readonly name = 'ErpUnavailable';
}

export const noErp: Erp = {
  configured: false,
  findContainer: async () => ({ found: false }),
  sendInventory: async () => {
    throw new ErpUnavailable('no ERP is configured');
  },
  gatePasses: async () => {
    throw new ErpUnavailable('no ERP is configured');
  },
};

export interface HttpErpOptions {
  url: string;
  token?: string | undefined;
  // The whole budget of one gate lookup, retries included.
  lookupTimeoutMs: number;
  // The budget of an inventory send or a gate-pass fetch, retries included.
  syncTimeoutMs: number;
  // Attempts after the first one, for network errors, timeouts and 5xx answers.
  retries: number;
  // Consecutive failures that open the circuit, and how long it stays open before one trial call.
  breakerFailures: number;
  breakerResetMs: number;
  fetch?: typeof fetch;
}

// An answer the ERP gave that is worth another try (5xx, 429), or none at all.
class ErpHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const retriable = (error: Error) => !(error instanceof ErpHttpError) || error.status >= 500 || error.status === 429;

// Why a call failed, in words for the clerk and the log.
export function erpFailureReason(error: unknown, budgetMs: number): string {
  if (error instanceof BrokenCircuitError) return 'the ERP failed repeatedly; calls paused for a while';
  if (error instanceof TaskCancelledError || (error instanceof Error && error.name === 'AbortError'))
    return `no answer within ${budgetMs / 1000} s`;
  if (error instanceof ErpHttpError) return `the ERP answered ${error.status}`;
  if (error instanceof ErpUnavailable) return error.message;
  return error instanceof Error ? `cannot reach the ERP: ${error.message}` : 'cannot reach the ERP';
}

export function createHttpErp(options: HttpErpOptions): Erp {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  // One breaker for every call: an ERP that is down is down for the lookup and the sync alike.
  const breaker = circuitBreaker(handleWhen(retriable), {
    halfOpenAfter: options.breakerResetMs,
    breaker: new ConsecutiveBreaker(options.breakerFailures),
  });
  const retrying = retry(
    handleWhen((error) => retriable(error) && !(error instanceof BrokenCircuitError)),
    {
      maxAttempts: options.retries,
      backoff: new ExponentialBackoff({ initialDelay: 50, maxDelay: 1_000 }),
    },
  );
  // The total budget outside, retries inside it, the breaker around each attempt.
  const policy = (budgetMs: number): IPolicy => wrap(timeout(budgetMs, TimeoutStrategy.Aggressive), retrying, breaker);
  const lookupPolicy = policy(options.lookupTimeoutMs);
  const syncPolicy = policy(options.syncTimeoutMs);

  async function call<T>(
    chosen: IPolicy,
    path: string,
    init: { method?: string; body?: unknown },
    accept: (status: number, body: unknown) => T | undefined,
  ): Promise<T> {
    return chosen.execute(async ({ signal }) => {
      const response = await doFetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        signal,
        headers: {
          accept: 'application/json',
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      });
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        throw new ErpHttpError(502, `the ERP answered ${response.status} with a body that is not JSON`);
      }
      const accepted = accept(response.status, body);
      if (accepted !== undefined) return accepted;
      throw new ErpHttpError(response.status, `the ERP answered ${response.status}`);
    });
  }

  return {
    configured: true,
    async findContainer(containerNumber) {
      try {
        return await call(lookupPolicy, `/containers/${encodeURIComponent(containerNumber)}`, {}, (status, body) => {
          if (status === 404) return { found: false };
          if (status === 200) return { found: (body as { found?: unknown } | null)?.found !== false };
          return undefined;
        });
      } catch (error) {
        return { found: false, unavailable: erpFailureReason(error, options.lookupTimeoutMs) };
      }
    },
    async sendInventory(containers) {
      try {
        return await call(
          syncPolicy,
          '/inventory',
          { method: 'PUT', body: { sentAt: new Date().toISOString(), containers } },
          (status, body) =>
            status === 200 || status === 202
              ? { accepted: Number((body as { accepted?: unknown } | null)?.accepted ?? containers.length) }
              : undefined,
        );
      } catch (error) {
        throw new ErpUnavailable(erpFailureReason(error, options.syncTimeoutMs));
      }
    },
    async gatePasses(since) {
      try {
        return await call(
          syncPolicy,
          `/gate-passes${since === undefined ? '' : `?since=${since}`}`,
          {},
          (status, body) => {
            if (status !== 200) return undefined;
            const list = (body as { gatePasses?: unknown } | null)?.gatePasses;
            if (!Array.isArray(list)) throw new ErpHttpError(502, 'the ERP answered gate passes without a list');
            return list as ErpGatePass[];
          },
        );
      } catch (error) {
        throw new ErpUnavailable(erpFailureReason(error, options.syncTimeoutMs));
      }
    },
  };
}
