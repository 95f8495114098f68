import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { createHttpErp } from '@openyard/server/adapters/erp';
import { outcome } from '@openyard/server/test/api-client';
import { freeGroundSlots, rfidTag, singleGateIn } from '@openyard/server/test/gate-fixtures';
import { createTestApp, createUserWithPermissions, type TestApp } from '@openyard/server/test/test-app';
import { containerNumber } from '@openyard/server/test/yard-fixtures';
import { startReferenceErp, type ReferenceErp } from './erp';

// The ERP connector (issue 20) against the reference ERP: the HTTP adapter as the gate's dispatch
// and the inventory sync use it, with an ERP that answers, one that hangs and one that fails (the
// gate still dispatches after its timeout, saying why), and the circuit breaker that stops asking.

const TIMEOUT_MS = 400;
let erp: ReferenceErp;
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  erp = await startReferenceErp({ token: 'erp-secret' });
  const env = {
    FEATURE_INVENTORY_SYNC_TO_ERP: 'true',
    FEATURE_PLANNING: 'false',
    ERP_URL: erp.url,
    ERP_TOKEN: 'erp-secret',
    ERP_TIMEOUT_MS: String(TIMEOUT_MS),
    ERP_RETRIES: '1',
    ERP_BREAKER_FAILURES: '3',
    ERP_BREAKER_RESET_MS: '1000',
  };
  t = await createTestApp({ env });
  admin = await t.login('superadmin');
});
afterAll(async () => {
  await t?.close();
  await erp?.close();
});

async function gatedIn() {
  const form = singleGateIn({}, { tagId: rfidTag() });
  await admin.api.gateOperations.gateIn({ body: form });
  return form.container1Data!.containerNumber!;
}
const dispatchOf = (containerNumber: string, forceDispatch?: boolean) =>
  admin.api.gateOperations.dispatch({
    query: { containerNumber, dispatchTime: Date.now(), ...(forceDispatch ? { forceDispatch } : {}) },
  });

describe('the gate’s container lookup (spec 1 §4 Dispatch)', () => {
  it('asks the clerk when the ERP still knows the container, and dispatches when confirmed', async () => {
    erp.mode = 'normal';
    const number = await gatedIn();
    erp.containers.add(number);
    expect(await dispatchOf(number)).toMatchObject({
      dispatched: false,
      foundInErp: true,
      responsestatus: messages.dispatchFoundInErp(number),
    });
    expect(await dispatchOf(number, true)).toMatchObject({
      dispatched: true,
      foundInErp: true,
      responsestatus: 'success',
    });
    const unknown = await gatedIn();
    const answer = await dispatchOf(unknown);
    expect(answer).toMatchObject({ dispatched: true, foundInErp: false });
    expect(answer.erpWarning).toBeUndefined();
  });

  it('dispatches after the timeout when the ERP hangs, saying so', async () => {
    erp.mode = 'hang';
    const number = await gatedIn();
    erp.containers.add(number);
    const at = Date.now();
    const answer = await dispatchOf(number);
    const took = Date.now() - at;
    expect(answer).toMatchObject({ dispatched: true, foundInErp: false, responsestatus: 'success' });
    expect(answer.erpWarning).toBe(messages.erpUnavailable(`no answer within ${TIMEOUT_MS / 1000} s`));
    // Held no longer than the lookup's budget (and the dispatch's own work).
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(took).toBeLessThan(TIMEOUT_MS + 5_000);
  });

  it('dispatches when the ERP answers 500 (retried once), and stops asking once the circuit opens', async () => {
    // Let the breaker of the hang test close again.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    erp.mode = 'fail';
    const before = erp.calls.length;
    const first = await dispatchOf(await gatedIn());
    expect(first).toMatchObject({ dispatched: true, erpWarning: messages.erpUnavailable('the ERP answered 500') });
    // One call and one retry.
    expect(erp.calls.length - before).toBe(2);
    await dispatchOf(await gatedIn());
    const open = await dispatchOf(await gatedIn());
    expect(open.erpWarning).toBe(messages.erpUnavailable('the ERP failed repeatedly; calls paused for a while'));
    const calls = erp.calls.length;
    await dispatchOf(await gatedIn());
    expect(erp.calls.length).toBe(calls);
    // Half open after the reset time: a good answer closes it.
    erp.mode = 'normal';
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const healed = await dispatchOf(await gatedIn());
    expect(healed.erpWarning).toBeUndefined();
  });
});

describe('GET containers/sync-with-erp', () => {
  it('sends the yard’s inventory and takes the ERP’s gate passes in as pre-advices', async () => {
    erp.mode = 'normal';
    const number = await gatedIn();
    const expected = containerNumber();
    erp.gatePasses.push({ containerNumber: expected, expectedFrom: Date.now() + 3_600_000, containerSize: '20' });
    const answer = await admin.api.batch.syncWithErp();
    expect(answer).toMatchObject({
      responsestatus: 'success',
      message: messages.syncWithErpSuccessful,
      gatePassesReceived: 1,
    });
    expect(erp.lastInventory?.some((entry) => entry.containerNumber === number)).toBe(true);
    expect(answer.sent).toBe(erp.lastInventory!.length);
    const preAdvices = await admin.api.preAdvices.page({ query: { searchText: expected } });
    expect(preAdvices.entities.map((row) => [row.containerNumber, row.source])).toEqual([[expected, 'erp']]);
    // The ERP now knows the yard's containers: their dispatch asks the clerk.
    expect((await dispatchOf(number)).foundInErp).toBe(true);
  });

  it('sends each container’s yard location: its slot, or none while it waits on its trailer', async () => {
    erp.mode = 'normal';
    const [slot] = await freeGroundSlots(t, 1);
    const form = singleGateIn({}, { tagId: rfidTag(), containerLocation: slot });
    await admin.api.gateOperations.gateIn({ body: form });
    const placed = form.container1Data!.containerNumber!;
    const waiting = await gatedIn();
    expect(await admin.api.batch.syncWithErp()).toMatchObject({ responsestatus: 'success' });
    const sent = new Map(erp.lastInventory!.map((entry) => [entry.containerNumber, entry.location]));
    expect(slot).toBeTruthy();
    expect(sent.get(placed)).toBe(slot);
    expect(sent.has(waiting)).toBe(true);
    expect(sent.get(waiting)).toBeNull();
  });

  it('says the sync failed when the ERP fails', async () => {
    erp.mode = 'fail';
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const answer = await admin.api.batch.syncWithErp();
    expect(answer).toMatchObject({ responsestatus: 'failed', message: messages.syncWithErpFailed });
    expect(answer.reason).toMatch(/500|paused/);
    erp.mode = 'normal';
  });

  it('is the admins’, and only when the configuration enables it', async () => {
    const operator = await createUserWithPermissions(t, admin.auth, 'erp-operator', {
      containersVisible: true,
      crudEnabled: true,
    });
    expect((await outcome(operator.api.batch.syncWithErp())).status).toBe(403);
    const off = await createTestApp({ env: { ERP_URL: erp.url } });
    try {
      const offAdmin = await off.login('superadmin');
      const refused = await outcome(offAdmin.api.batch.syncWithErp());
      expect(refused.status).toBe(403);
    } finally {
      await off.close();
    }
  });
});

describe('no ERP configured', () => {
  it('finds nothing and a sync says no ERP is configured', async () => {
    const none = createHttpErp({
      url: 'http://127.0.0.1:9',
      lookupTimeoutMs: 300,
      syncTimeoutMs: 300,
      retries: 0,
      breakerFailures: 5,
      breakerResetMs: 1000,
    });
    // An ERP nobody listens at: not found, with the reason.
    expect((await none.findContainer('MSCU1234566')).found).toBe(false);
    const bare = await createTestApp({ env: { FEATURE_INVENTORY_SYNC_TO_ERP: 'true' } });
    try {
      const bareAdmin = await bare.login('superadmin');
      expect(await bareAdmin.api.batch.syncWithErp()).toMatchObject({
        responsestatus: 'failed',
        message: messages.syncWithErpFailed,
        reason: messages.erpNotConfigured,
      });
    } finally {
      await bare.close();
    }
  });
});
