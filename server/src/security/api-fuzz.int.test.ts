import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAccess, routes, type RouteSpec } from '@openyard/contracts';
import { hashPassword } from '../modules/auth';
import { rowsOf } from '../db/bulk-insert';
import { DEMO_PASSWORD } from '../db/seed/seed';
import { createTestApp, type TestApp } from '../test/test-app';
import { changedTables, rowCounter } from '../test/row-counts';
import { requestArbitrary, type FuzzRequest } from './fuzz/request-arbitrary';

// API fuzzing from the route catalogue (issue 23): requests generated from every route's schemas,
// sent as each kind of caller. No answer may be a 5xx; every refusal is a 4xx in the one error
// shape with words a person can read; and a refused request changes no row of any table.
// FUZZ_RUNS (requests in all, spread over the routes) and FUZZ_SEED make it bigger or different;
// `npm run test:fuzz` runs the 10,000-request campaign.
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 1_600);

const ROLES = ['superadmin', 'admin', 'gatein', 'kiosk', 'display', 'anonymous'] as const;
type Role = (typeof ROLES)[number];

const catalogue: [string, RouteSpec][] = Object.entries(routes).flatMap(([group, declared]) =>
  Object.entries(declared).map(([name, route]) => [`${group}.${name}`, route as RouteSpec] as [string, RouteSpec]),
);

interface Finding {
  route: string;
  role: Role;
  request: string;
  status: number;
  problem: string;
  body: string;
}

let t: TestApp;
const sessions = new Map<Role, Record<string, string>>();
let countRows: () => Promise<Map<string, number>>;
const nextTransactionId = async () =>
  rowsOf<{ next: string }>(await t.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`))[0]!
    .next;

async function signIn(role: Role): Promise<void> {
  if (role === 'anonymous') return void sessions.set(role, {});
  if (role === 'kiosk' || role === 'display') return void sessions.set(role, (await t.loginWithToken(role)).auth);
  // The fuzzing may have changed the user's password, disabled or hidden it: put it back first.
  await t.db.execute(
    sql`update users set password_hash = ${await hashPassword(DEMO_PASSWORD)}, enabled = true where username = ${role}`,
  );
  sessions.set(role, (await t.login(role)).auth);
}

// The server's error lines, to show what each 5xx was.
const errorLines: string[] = [];
const errorLog = new Writable({
  write(chunk: Buffer, _encoding, done) {
    errorLines.push(chunk.toString());
    done();
  },
});
const logged = (correlationId: string) => {
  const line = errorLines.find((text) => text.includes(correlationId));
  if (!line) return '';
  const { err } = JSON.parse(line) as { err?: { message?: string; code?: string } };
  const message = err?.message ?? '';
  return `${err?.code ?? ''} ${message.length > 300 ? message.slice(-300) : message}`;
};

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'error', stream: errorLog } });
  for (const role of ROLES) await signIn(role);
  countRows = await rowCounter(t.db);
}, 120_000);
afterAll(() => t?.close());

// What a refusal must look like: the errors plugin's shape, a message for a person, no internals.
function refusalProblem(status: number, body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'refusal is not JSON';
  }
  const error = parsed as { statusCode?: unknown; error?: unknown; message?: unknown };
  if (error.statusCode !== status) return `statusCode ${String(error.statusCode)} in the body`;
  if (typeof error.error !== 'string') return 'no error name';
  if (typeof error.message !== 'string' || error.message.trim().length < 3) return 'no message';
  if (
    /\b(select|insert|update|delete) .* from\b|relation "|violates|at .*\.ts:\d+|stack|TypeError|undefined is not/i.test(
      error.message,
    )
  )
    return 'message shows internals';
  return undefined;
}

describe('API fuzzing from the route catalogue', () => {
  it(`answers ${FUZZ_RUNS} generated requests (seed ${FUZZ_SEED}) without a 5xx, a vague refusal or a partial write`, async () => {
    const started = performance.now();
    const findings: Finding[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const perRoute = Math.max(1, Math.ceil(FUZZ_RUNS / catalogue.length));
    // Row counts are read again only when a transaction wrote since they were read: a transaction
    // gets an id only when it writes, so an unchanged next id means nothing was written.
    let counted = { rows: await countRows(), nextId: await nextTransactionId() };
    const recount = async () => (counted = { rows: await countRows(), nextId: await nextTransactionId() });
    for (const [index, [name, route]] of catalogue.entries()) {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...ROLES), requestArbitrary(route), async (role, pending) => {
          const request: FuzzRequest = await pending;
          if ((await nextTransactionId()) !== counted.nextId) await recount();
          const response = await t.app.inject({
            method: request.method,
            url: request.url,
            headers: { ...request.headers, ...sessions.get(role) },
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          sent += 1;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const finding = (problem: string) =>
            findings.push({
              route: name,
              role,
              request: request.description,
              status: response.statusCode,
              problem,
              body: response.body.slice(0, 300),
            });
          if (response.statusCode >= 500)
            finding(`5xx ${logged(response.json<{ correlationId?: string }>().correlationId ?? '-')}`);
          else if (response.statusCode >= 400) {
            const problem = refusalProblem(response.statusCode, response.body);
            if (problem) finding(problem);
            if ((await nextTransactionId()) !== counted.nextId) {
              const before = counted.rows;
              const changed = changedTables(before, (await recount()).rows);
              if (changed.length) finding(`refused but wrote: ${changed.join(', ')}`);
            }
          }
          // A session the request ended (sign-out, a password or role change): sign in again.
          if (response.statusCode === 401 && role !== 'anonymous' && !isPublicAccess(route.access)) await signIn(role);
        }),
        { seed: FUZZ_SEED + index, numRuns: perRoute, endOnFailure: true },
      );
    }
    const summary = [...new Set(findings.map((f) => `${f.route} ${f.status} ${f.problem}`))];
    console.info(
      `fuzz: ${sent} requests over ${catalogue.length} routes, seed ${FUZZ_SEED}, ${Math.round((performance.now() - started) / 1000)} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}; ${findings.length} findings`,
    );
    for (const finding of findings.slice(0, 40)) console.info(JSON.stringify(finding));
    expect(sent).toBeGreaterThanOrEqual(Math.min(FUZZ_RUNS, catalogue.length));
    expect(summary).toEqual([]);
  }, 3_600_000);
});
