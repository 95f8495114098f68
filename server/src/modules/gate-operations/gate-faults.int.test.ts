import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yardChanges } from '../../test/metrics';
import { messages, type GateInForm } from '@openyard/contracts';
import type { Bus } from '../../adapters/bus';
import { outcome, testClient } from '../../test/api-client';
import { createTestApp, createUserWithPermissions, type TestApp } from '../../test/test-app';
import { containerNumber } from '../../test/yard-fixtures';
import { freeGroundSlots, requestId, rfidTag, singleGateIn } from '../../test/gate-fixtures';
import { containers, gateTransactions, outboxEvents, rfidTags, tasks, trailers } from '../../db/schema';

let t: TestApp;
let clerk: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  clerk = await t.login('superadmin');
});
afterAll(() => t.close());

const gateIn = (form: GateInForm, api = clerk.api) => outcome(api.gateOperations.gateIn({ body: form }));

async function visitsAndContainersOf(numbers: string[]) {
  const rows = await t.db.select().from(containers).where(inArray(containers.containerNumber, numbers));
  const [visits] = await t.db
    .select({ value: count() })
    .from(trailers)
    .where(inArray(trailers.trailerNumber, [...new Set(numbers.map((number) => `T${number.slice(4)}`))]));
  return { containers: rows.length, visits: visits!.value };
}

describe('a gate-in posted twice', () => {
  it('creates once and answers the stored answer to the second post, one after the other', async () => {
    const form = singleGateIn();
    const number = form.container1Data!.containerNumber!;
    const first = await gateIn(form);
    const second = await gateIn(form);
    expect(first.body.responsestatus).toBe('success');
    expect(second).toEqual(first);
    expect(await t.db.select().from(containers).where(eq(containers.containerNumber, number))).toHaveLength(1);
    expect(await t.db.select().from(tasks).where(eq(tasks.containerNumber, number))).toHaveLength(1);
    // A request id is one transaction's: reused for another kind of transaction it is refused.
    const reused = await outcome(
      clerk.api.gateOperations.trailerGateIn({
        body: { requestId: form.requestId, trailerNumber: 'MH01', trailerTag: rfidTag(), gateInType: 'Import' },
      }),
    );
    expect(reused).toMatchObject({ status: 409, body: { message: messages.gateRequestReused } });
  });

  it('creates once when both posts arrive together', async () => {
    const form = singleGateIn();
    form.trailerNumber = `T${form.container1Data!.containerNumber!.slice(4)}`;
    const answers = await Promise.all([gateIn(form), gateIn(form), gateIn(form)]);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0].body.responsestatus).toBe('success');
    expect(await visitsAndContainersOf([form.container1Data!.containerNumber!])).toEqual({ containers: 1, visits: 1 });
    const [stored] = await t.db.select().from(gateTransactions).where(eq(gateTransactions.requestId, form.requestId));
    expect(stored!.answer).toEqual(answers[0].body);
  });

  it('dispatches once when a dispatch is sent twice with one request id', async () => {
    const form = singleGateIn();
    await gateIn(form);
    const query = {
      requestId: requestId(),
      containerNumber: form.container1Data!.containerNumber!,
      dispatchTime: Date.now(),
    };
    const answers = await Promise.all([
      outcome(clerk.api.gateOperations.dispatch({ query })),
      outcome(clerk.api.gateOperations.dispatch({ query })),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[1]).toEqual(answers[0]);
  });
});

describe('two gate-ins for one slot at the same time', () => {
  it('lets one win and refuses the other with nothing of it written', async () => {
    const [slot] = await freeGroundSlots(t, 1);
    const forms = [0, 1].map(() => {
      const form = singleGateIn({}, { containerLocation: slot });
      form.trailerNumber = `T${form.container1Data!.containerNumber!.slice(4)}`;
      return form;
    });
    const answers = await Promise.all(forms.map((form) => gateIn(form)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const lost = answers.findIndex((answer) => answer.status === 409);
    expect((answers[lost]!.body as unknown as { message: string }).message).toBe(messages.slotTaken(slot!));
    const numbers = forms.map((form) => form.container1Data!.containerNumber!);
    expect(await visitsAndContainersOf([numbers[lost]!])).toEqual({ containers: 0, visits: 0 });
    expect(await visitsAndContainersOf([numbers[1 - lost]!])).toEqual({ containers: 1, visits: 1 });
    expect(
      await t.db.select().from(gateTransactions).where(eq(gateTransactions.requestId, forms[lost]!.requestId)),
    ).toEqual([]);
  });

  it('lets one of two gate-ins of the same container through', async () => {
    const number = containerNumber();
    const answers = await Promise.all([0, 1].map(() => gateIn(singleGateIn({}, { containerNumber: number }))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(containers).where(eq(containers.containerNumber, number))).toHaveLength(1);
  });
});

describe('gate-ins and dispatches arriving together (group commit, issue 19)', () => {
  it('writes them in fewer transactions, each answered and refused as if alone', async () => {
    const numbers = Array.from({ length: 10 }, () => containerNumber());
    const forms = numbers.map((number) => {
      const form = singleGateIn({}, { containerNumber: number });
      form.trailerNumber = `T${number.slice(4)}`;
      return form;
    });
    // A second gate-in of the third container (another request): whichever of the two is checked
    // second is refused with the gate's words.
    const twin = singleGateIn({}, { containerNumber: numbers[2]! });
    twin.trailerNumber = forms[2]!.trailerNumber;
    const before = await yardChanges(t);
    const answers = await Promise.all([...forms, twin].map((form) => gateIn(form)));
    const changes = (await yardChanges(t)) - before;
    const lost = answers[2]!.status === 409 ? 2 : 10;
    const won = answers.map((_, index) => index).filter((index) => index !== lost);
    expect(won.map((index) => answers[index]!.status)).toEqual(Array(10).fill(200));
    expect(answers[lost]).toMatchObject({ status: 409, body: { message: messages.gateContainerInYard(numbers[2]!) } });
    expect(new Set(won.map((index) => answers[index]!.body.visitId)).size).toBe(10);
    // Each answered with its own container (the twin's is the third's).
    for (const index of won)
      expect(answers[index]!.body.containers.map((container) => container.containerNumber)).toEqual([
        index === 10 ? numbers[2] : numbers[index],
      ]);
    expect(changes).toBeLessThan(11);
    const rows = await t.db.select().from(containers).where(inArray(containers.containerNumber, numbers));
    expect(rows).toHaveLength(10);
    // The refused one's request id stays free: nothing of it was written.
    const refused = [...forms, twin][lost]!.requestId;
    expect(await t.db.select().from(gateTransactions).where(eq(gateTransactions.requestId, refused))).toEqual([]);
    expect(await visitsAndContainersOf([numbers[2]!])).toEqual({ containers: 1, visits: 1 });

    // Their dispatches together, one of a container that is not in the yard.
    const missing = containerNumber();
    const dispatchBefore = await yardChanges(t);
    const dispatched = await Promise.all(
      [...numbers, missing].map((number) =>
        outcome(
          clerk.api.gateOperations.dispatch({
            query: { requestId: requestId(), containerNumber: number, dispatchTime: Date.now() },
          }),
        ),
      ),
    );
    expect(dispatched.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(dispatched.slice(0, 10).map((answer) => answer.body.containerNumber)).toEqual(numbers);
    expect(dispatched[10]).toMatchObject({ status: 404, body: { message: messages.dispatchNotInYard(missing) } });
    expect((await yardChanges(t)) - dispatchBefore).toBeLessThan(11);
    const left = await t.db
      .select()
      .from(containers)
      .where(and(inArray(containers.containerNumber, numbers), isNull(containers.dispatchedAt)));
    expect(left).toEqual([]);
  });
});

describe('who may use the gate', () => {
  it('refuses a user without the gate, and a gate user whose landing page is elsewhere may read but not write', async () => {
    const noGate = await createUserWithPermissions(t, clerk.auth, 'no-gate', { containersVisible: true });
    expect((await outcome(noGate.api.gateOperations.trucksInside({ query: {} }))).status).toBe(403);
    expect((await gateIn(singleGateIn(), noGate.api)).status).toBe(403);

    const reader = await createUserWithPermissions(t, clerk.auth, 'gate-reader', { gateVisible: true }, '/main');
    expect((await outcome(reader.api.gateOperations.trucksInside({ query: {} }))).status).toBe(200);
    const refused = singleGateIn();
    expect((await gateIn(refused, reader.api)).status).toBe(403);
    expect(
      await t.db
        .select()
        .from(containers)
        .where(eq(containers.containerNumber, refused.container1Data!.containerNumber!)),
    ).toEqual([]);

    // The gate clerk: the gate is the landing page (spec 3 §6 create/update rule).
    const gateClerk = await createUserWithPermissions(t, clerk.auth, 'gate-clerk', { gateVisible: true }, '/gate');
    const onGate = testClient(t.app, { ...gateClerk.auth, pagepath: '/gate' });
    expect((await gateIn(singleGateIn(), onGate)).status).toBe(200);
    // On another screen the same user may not.
    const elsewhere = testClient(t.app, { ...gateClerk.auth, pagepath: '/containers' });
    expect((await gateIn(singleGateIn(), elsewhere)).status).toBe(403);
  });
});

// Redis (the bus and the queue) and the broker are not on a gate transaction's way: it writes to
// the database and leaves its events in the outbox, which the relay publishes when the bus is back.
describe('the gate with the bus down', () => {
  let down: TestApp;
  beforeAll(async () => {
    const deadBus: Bus = {
      kind: 'redis',
      publish: () => Promise.reject(new Error('Redis is down')),
      publishText: () => Promise.reject(new Error('Redis is down')),
      subscribe: () => () => undefined,
      onGap: () => () => undefined,
      close: async () => undefined,
    };
    // This yard also allows expired tags after the clerk's confirmation.
    down = await createTestApp({ bus: deadBus, env: { FEATURE_ALLOW_EXPIRED_CONTAINER_TAG: 'true' } });
  });
  afterAll(() => down.close());

  it('gates in and dispatches, its events kept for later', async () => {
    const session = await down.login('superadmin');
    const form = singleGateIn();
    const number = form.container1Data!.containerNumber!;
    expect((await gateIn(form, session.api)).body.responsestatus).toBe('success');
    const out = await outcome(
      session.api.gateOperations.dispatch({ query: { containerNumber: number, dispatchTime: Date.now() } }),
    );
    expect(out.body.responsestatus).toBe('success');
    const [unsent] = await down.db
      .select({ value: count() })
      .from(outboxEvents)
      .where(isNull(outboxEvents.publishedAt));
    expect(unsent!.value).toBeGreaterThanOrEqual(2);
  });

  it('asks about an expired tag, and takes it once the clerk confirms', async () => {
    const session = await down.login('superadmin');
    const old = rfidTag();
    await down.db.insert(rfidTags).values({ tagId: old, firstUsedAt: new Date(Date.now() - 1900 * 86_400_000) });
    const form = singleGateIn({}, { tagId: old });
    const asked = await gateIn(form, session.api);
    expect(asked.body).toMatchObject({
      responsestatus: messages.tagExpiredAllowed(old),
      expiredTag: { tag: old, allowed: true, message: messages.tagExpiredAllowed(old) },
      containers: [],
    });
    const taken = await gateIn({ ...form, allowExpiredTag: true }, session.api);
    expect(taken.body.responsestatus).toBe('success');
    const valid = await session.api.gateOperations.tagValid({ query: { tagId: rfidTag() } });
    expect(valid.responseMap.allowExpired).toBe(true);
  });
});
