import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { withCheckDigit } from '@openyard/contracts';
import type { ErpGatePass, ErpInventoryEntry } from '@openyard/server/adapters/erp';

// The reference ERP (issue 20): a small HTTP server that speaks the contract of docs/erp-openapi.yaml,
// for the demo (`npm start` runs it when ERP_URL is not set) and the tests. It knows the containers
// of the last inventory the yard sent it (and any it is told of), and holds gate passes it hands to
// the yard at the next sync. `mode` makes it misbehave as real ERPs do: `hang` (never answers) or
// `fail` (500 to every call). State and mode can also be set over HTTP (PUT /_control), for a demo
// or an end-to-end test in another process.

export type ReferenceErpMode = 'normal' | 'hang' | 'fail';

export interface ReferenceErp {
  readonly url: string;
  mode: ReferenceErpMode;
  // Container numbers the ERP holds (a lookup finds them).
  readonly containers: Set<string>;
  // Gate passes it has issued and not yet handed over (each is handed over once).
  readonly gatePasses: ErpGatePass[];
  // What the yard sent at its last inventory sync, and how many calls it took.
  lastInventory: ErpInventoryEntry[] | null;
  readonly calls: { path: string; at: number }[];
  close(): Promise<void>;
}

export interface ReferenceErpOptions {
  port?: number;
  host?: string;
  token?: string;
  containers?: readonly string[];
  gatePasses?: readonly ErpGatePass[];
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 64 * 1024 * 1024) throw new Error('body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : null;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startReferenceErp(options: ReferenceErpOptions = {}): Promise<ReferenceErp> {
  const hanging = new Set<ServerResponse>();
  const state = {
    mode: 'normal' as ReferenceErpMode,
    containers: new Set(options.containers ?? []),
    gatePasses: [...(options.gatePasses ?? [])],
    lastInventory: null as ErpInventoryEntry[] | null,
    calls: [] as { path: string; at: number }[],
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://erp');
      const path = url.pathname;
      if (path === '/_control' && request.method === 'PUT') {
        const control = (await bodyOf(request)) as {
          mode?: ReferenceErpMode;
          containers?: string[];
          gatePasses?: ErpGatePass[];
        } | null;
        if (control?.mode) state.mode = control.mode;
        for (const number of control?.containers ?? []) state.containers.add(number);
        state.gatePasses.push(...(control?.gatePasses ?? []));
        return send(response, 200, { mode: state.mode });
      }
      state.calls.push({ path, at: Date.now() });
      if (options.token && request.headers.authorization !== `Bearer ${options.token}`)
        return send(response, 401, { error: 'unauthorized' });
      if (state.mode === 'hang') {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      if (state.mode === 'fail') return send(response, 500, { error: 'the reference ERP is set to fail' });
      const lookup = /^\/containers\/([^/]+)$/.exec(path);
      if (lookup && request.method === 'GET') {
        const number = decodeURIComponent(lookup[1]!);
        return state.containers.has(number)
          ? send(response, 200, { containerNumber: number, found: true })
          : send(response, 404, { containerNumber: number, found: false });
      }
      if (path === '/inventory' && request.method === 'PUT') {
        const body = (await bodyOf(request)) as { containers?: ErpInventoryEntry[] } | null;
        if (!Array.isArray(body?.containers)) return send(response, 400, { error: 'containers must be a list' });
        state.lastInventory = body.containers;
        // The ERP now holds what the yard holds.
        state.containers.clear();
        for (const container of body.containers) state.containers.add(container.containerNumber);
        return send(response, 200, { accepted: body.containers.length });
      }
      if (path === '/gate-passes' && request.method === 'GET') {
        const since = Number(url.searchParams.get('since') ?? 0);
        const passes = state.gatePasses.filter((pass) => pass.expectedFrom >= since);
        state.gatePasses.splice(0, state.gatePasses.length);
        return send(response, 200, { gatePasses: passes });
      }
      return send(response, 404, { error: 'no such call' });
    })().catch((error: unknown) => {
      if (!response.headersSent) send(response, 400, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(mode: ReferenceErpMode) {
      state.mode = mode;
    },
    containers: state.containers,
    gatePasses: state.gatePasses,
    get lastInventory() {
      return state.lastInventory;
    },
    set lastInventory(value) {
      state.lastInventory = value;
    },
    calls: state.calls,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// A few gate passes for the demo: 20 and 40 ft boxes expected over the next hours.
export function demoGatePasses(count = 4, now = Date.now()): ErpGatePass[] {
  return Array.from({ length: count }, (_, index) => ({
    containerNumber: withCheckDigit(`ERPU${String(100_000 + Math.floor(Math.random() * 800_000) + index)}`),
    expectedFrom: now + (index + 1) * 3_600_000,
    expectedTo: now + (index + 3) * 3_600_000,
    containerSize: index % 2 ? '40' : '20',
    trailerNumber: `ERP-${index + 1}`,
  }));
}
