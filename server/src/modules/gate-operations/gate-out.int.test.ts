import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messages,
  type DispatchQuery,
  type LiveMessage,
  type RetagForm,
  type TrailerGateInForm,
} from '@openyard/contracts';
import { outcome } from '../../test/api-client';
import { projectEvents } from '../../live/projection';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addContainer, containerNumber } from '../../test/yard-fixtures';
import { createGate, freeGroundSlots, requestId, rfidTag, singleGateIn } from '../../test/gate-fixtures';
import { containerMovements, containerPositions, containers, rfidTags, trailers } from '../../db/schema';
import { noErp, type Erp } from '../../adapters/erp';

// The ERP knows the numbers put in this set (a double of the external system; the gate's port).
const inErp = new Set<string>();
const erp: Erp = { ...noErp, findContainer: async (number) => ({ found: inErp.has(number) }) };

let t: TestApp;
let clerk: Awaited<ReturnType<TestApp['login']>>;
let inGate: number;
let outGate: number;
const live: LiveMessage[] = [];

beforeAll(async () => {
  t = await createTestApp({ erp });
  clerk = await t.login('superadmin');
  ({ gateId: inGate } = await createGate(t, 'IN'));
  ({ gateId: outGate } = await createGate(t, 'OUT'));
  t.bus.subscribe((batch) => live.push(...projectEvents(batch)));
});
afterAll(() => t.close());

const dispatch = (query: DispatchQuery) => outcome(clerk.api.gateOperations.dispatch({ query }));
const scanning = (query: DispatchQuery) => outcome(clerk.api.gateOperations.scanningDispatch({ query }));
const trailerGateIn = (body: TrailerGateInForm) => outcome(clerk.api.gateOperations.trailerGateIn({ body }));
const message = (body: unknown) => (body as { message?: string }).message;

async function gatedIn(location?: string) {
  const form = singleGateIn(
    { gateId: inGate, trailerTag1: rfidTag() },
    location ? { containerLocation: location } : {},
  );
  const { body } = await outcome(clerk.api.gateOperations.gateIn({ body: form }));
  expect(body.responsestatus, JSON.stringify(body)).toBe('success');
  return { form, number: form.container1Data!.containerNumber!, tag: form.container1Data!.tagId!, body };
}

describe('GET gate/dispatch', () => {
  it('takes the container out of its slot with a movement, frees its tag and closes the truck that leaves with it', async () => {
    const [slot] = await freeGroundSlots(t, 1);
    const { number, tag, body: gateInAnswer } = await gatedIn(slot);
    const id = gateInAnswer.containers[0]!.containerId;
    const exitTrailerTag = gateInAnswer.visitId
      ? (await t.db.select().from(trailers).where(eq(trailers.id, gateInAnswer.visitId)))[0]!.trailerTagId!
      : '';
    const { status, body } = await dispatch({
      requestId: requestId(),
      gateId: outGate,
      containerNumber: number,
      exitProcess: 'Delivery',
      exitTrailerTag,
      dispatchTime: Date.now(),
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      responsestatus: 'success',
      message: messages.dispatchSuccessful,
      dispatched: true,
      foundInErp: false,
      previousLocation: slot,
    });
    const [row] = await t.db.select().from(containers).where(eq(containers.id, id));
    expect(row!.dispatchedAt).not.toBeNull();
    expect(await t.db.select().from(containerPositions).where(eq(containerPositions.containerId, id))).toEqual([]);
    const movements = await t.db.select().from(containerMovements).where(eq(containerMovements.containerId, id));
    expect(movements.map((movement) => [movement.fromLocation, movement.toLocation, movement.source])).toEqual([
      [null, slot, 'gate'],
      [slot, null, 'gate'],
    ]);
    const [visit] = await t.db.select().from(trailers).where(eq(trailers.id, gateInAnswer.visitId!));
    expect(visit!.outAt).not.toBeNull();
    // The tag is free for the next container; its life goes on.
    const next = await outcome(clerk.api.gateOperations.gateIn({ body: singleGateIn({}, { tagId: tag }) }));
    expect(next.body.responsestatus).toBe('success');
    const [life] = await t.db.select().from(rfidTags).where(eq(rfidTags.tagId, tag));
    expect(life!.bindCount).toBe(2);
    // The inventory and containers screens see it leave; the gate sees the truck out.
    await expect
      .poll(() =>
        live.some(
          (m) =>
            m.type === 'inventory.slot.v1' &&
            m.data.container.containerId === id &&
            m.data.container.location === null &&
            m.data.previousLocation === slot,
        ),
      )
      .toBe(true);
    await expect
      .poll(() =>
        live.some(
          (m) =>
            m.type === 'gate.visit.v1' && m.data.visit.id === gateInAnswer.visitId && m.data.visit.outDate !== null,
        ),
      )
      .toBe(true);
    expect(
      (await clerk.api.gateOperations.trucksInside({ query: {} })).visits.some((v) => v.id === gateInAnswer.visitId),
    ).toBe(false);
  });

  it('answers the dispatch rules and a container not in the yard, writing nothing', async () => {
    expect(message((await dispatch({ containerNumber: 'MSCU123', dispatchTime: Date.now() })).body)).toBe(
      messages.dispatchNumberInvalid,
    );
    expect(message((await dispatch({ containerNumber: containerNumber() })).body)).toBe(messages.dispatchTimeRequired);
    const absent = containerNumber();
    expect(await dispatch({ containerNumber: absent, dispatchTime: Date.now() })).toMatchObject({
      status: 404,
      body: { message: messages.dispatchNotInYard(absent) },
    });
    const { number } = await gatedIn();
    expect(await dispatch({ containerNumber: number, dispatchTime: Date.now() + 3_600_000 })).toMatchObject({
      status: 400,
      body: { message: messages.dispatchTimeInFuture },
    });
    expect(await dispatch({ containerNumber: number, dispatchTime: Date.now() - 3_600_000 })).toMatchObject({
      status: 400,
      body: { message: messages.dispatchBeforeGateIn(number) },
    });
    const [row] = await t.db.select().from(containers).where(eq(containers.containerNumber, number));
    expect(row!.dispatchedAt).toBeNull();
    // Once out, a second dispatch finds it gone.
    expect((await dispatch({ containerNumber: number, dispatchTime: Date.now() })).status).toBe(200);
    expect((await dispatch({ containerNumber: number, dispatchTime: Date.now() })).status).toBe(404);
  });

  it('asks to confirm a container the ERP still knows, and dispatches it when forced', async () => {
    const { number } = await gatedIn();
    inErp.add(number);
    const asked = await dispatch({ containerNumber: number, dispatchTime: Date.now() });
    expect(asked).toMatchObject({
      status: 200,
      body: { dispatched: false, foundInErp: true, responsestatus: messages.dispatchFoundInErp(number) },
    });
    const [still] = await t.db.select().from(containers).where(eq(containers.containerNumber, number));
    expect(still!.dispatchedAt).toBeNull();
    const forced = await dispatch({ containerNumber: number, dispatchTime: Date.now(), forceDispatch: true });
    expect(forced.body).toMatchObject({ responsestatus: 'success', dispatched: true, foundInErp: true });
  });

  it('refuses to take out a container with another standing on it', async () => {
    const [slot] = await freeGroundSlots(t, 1);
    const { number } = await gatedIn(slot);
    await addContainer(t, clerk.auth, { location: slot!.replace(/_1$/, '_2') });
    const { status, body } = await dispatch({ containerNumber: number, dispatchTime: Date.now() });
    expect([status, message(body)]).toEqual([409, messages.slotLeavesHole(number, slot!)]);
  });
});

describe('GET gate/scanning-dispatch', () => {
  it("dispatches for the scanner, and says what failed in the spec's words", async () => {
    const { number } = await gatedIn();
    const done = await scanning({ containerNumber: number, dispatchTime: Date.now() });
    expect(done.body).toMatchObject({ responsestatus: 'success', dispatched: true });
    const failed = await scanning({ containerNumber: number, dispatchTime: Date.now() });
    expect(failed).toMatchObject({
      status: 404,
      body: { message: messages.scanningDispatchFailedWith(messages.dispatchNotInYard(number)) },
    });
    expect(message((await scanning({ containerNumber: 'X', dispatchTime: 1 })).body)).toBe(
      messages.scanningDispatchFailedWith(messages.dispatchNumberInvalid),
    );
  });
});

describe('POST gate/retag', () => {
  const retag = (body: RetagForm) => outcome(clerk.api.gateOperations.retag({ body }));

  it('binds a new tag to a container in the yard and frees the old one', async () => {
    const { number, tag } = await gatedIn();
    const newTag = rfidTag();
    const { status, body } = await retag({ containerNumber: number, oldTag: tag, newTag });
    expect([status, body]).toEqual([200, { responsestatus: 'success', message: messages.retagSuccessful }]);
    expect((await clerk.api.containers.get({ params: { n: number } })).rfidTagId).toBe(newTag);
    expect(
      (await outcome(clerk.api.gateOperations.gateIn({ body: singleGateIn({}, { tagId: tag }) }))).body.responsestatus,
    ).toBe('success');
  });

  it('answers every retag rule, a tag in use and an expired tag', async () => {
    const { number, tag } = await gatedIn();
    const other = await gatedIn();
    const cases: [RetagForm, number, string][] = [
      [{ containerNumber: '', newTag: rfidTag() }, 400, messages.retagNumberRequired],
      [{ containerNumber: number, newTag: '' }, 400, messages.retagNewTagRequired],
      [{ containerNumber: number, newTag: '1234' }, 400, messages.retagNewTagLength],
      [{ containerNumber: number, newTag: 'ABCDEFGH' }, 400, messages.tagInvalid],
      [{ containerNumber: number, oldTag: '99999999', newTag: rfidTag() }, 409, messages.retagOldTagMismatch(number)],
      [{ containerNumber: number, newTag: other.tag }, 409, messages.gateTagBound(other.tag, other.number)],
    ];
    for (const [body, status, text] of cases)
      expect([text, await retag(body)]).toMatchObject([text, { status, body: { message: text } }]);
    const untagged = await addContainer(t, clerk.auth);
    expect(await retag({ containerNumber: untagged.containerNumber, newTag: rfidTag() })).toMatchObject({
      status: 400,
      body: { message: messages.retagNoExistingTag },
    });
    // A tag first used longer ago than its lifetime (1825 days) has reached its end of life.
    const old = rfidTag();
    await t.db.insert(rfidTags).values({ tagId: old, firstUsedAt: new Date(Date.now() - 1900 * 86_400_000) });
    const expired = await retag({ containerNumber: number, newTag: old });
    expect(expired).toMatchObject({
      status: 200,
      body: { responsestatus: messages.tagExpired(old), expiredTag: { tag: old, allowed: false } },
    });
    expect((await clerk.api.containers.get({ params: { n: number } })).rfidTagId).toBe(tag);
    // Not allowed on this yard: confirming changes nothing.
    expect((await retag({ containerNumber: number, newTag: old, allowExpiredTag: true })).body.responsestatus).toBe(
      messages.tagExpired(old),
    );
    const tagValid = await clerk.api.gateOperations.tagValid({ query: { tagId: old } });
    expect(tagValid.responseMap).toMatchObject({
      valid: false,
      expired: true,
      allowExpired: false,
      message: messages.tagExpired(old),
    });
  });
});

describe('POST gate/trailer: vehicle gate-in', () => {
  it('opens a visit with its tasks, and closes it when the last container it came for leaves', async () => {
    const box = await addContainer(t, clerk.auth);
    const form: TrailerGateInForm = {
      requestId: requestId(),
      gateId: inGate,
      trailerNumber: 'MH43TR0001',
      trailerTag: rfidTag(),
      gateInType: 'Loaded Delivery',
      trailerType: 'Pickup',
      containerNumbers: [box.containerNumber],
      gateInTasks: [
        { containerNumber: box.containerNumber, taskType: 'Others', fromLocation: null, toLocation: 'Trailer' },
      ],
    };
    const { status, body } = await trailerGateIn(form);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      responsestatus: 'success',
      message: messages.vehicleGateInSuccessful,
      tasks: [{ taskType: 'Others' }],
    });
    const inside = await clerk.api.gateOperations.trucksInside({ query: { gateId: inGate } });
    expect(inside.visits.find((visit) => visit.id === body.visitId)).toMatchObject({
      trailerNumber: 'MH43TR0001',
      gateInType: 'Loaded Delivery',
      trailerType: 'Pickup',
      tasksPending: 1,
      outDate: null,
    });
    // Its tag is on a trailer inside: a second truck with it is refused.
    const twice = await trailerGateIn({ ...form, requestId: requestId() });
    expect(twice).toMatchObject({
      status: 409,
      body: { message: messages.vehicleGateInFailed(messages.gateTrailerTagInYard(form.trailerTag!, 'MH43TR0001')) },
    });
    expect((await dispatch({ containerNumber: box.containerNumber, dispatchTime: Date.now() })).status).toBe(200);
    const [visit] = await t.db.select().from(trailers).where(eq(trailers.id, body.visitId!));
    expect(visit!.outAt).not.toBeNull();
  });

  it('answers the trailer gate-in rules of spec 1 §5', async () => {
    const base: TrailerGateInForm = {
      requestId: requestId(),
      trailerNumber: 'MH43TR0002',
      trailerTag: rfidTag(),
      gateInType: 'Import',
    };
    const cases: [TrailerGateInForm, string][] = [
      [{ ...base, gateInType: '' }, messages.vehiclePurposeRequired],
      [{ ...base, gateInType: 'Export' }, messages.vehiclePurposeRequired],
      [{ ...base, trailerNumber: '' }, messages.gateTrailerNumberRequired],
      [{ ...base, trailerTag: null }, messages.vehicleTrailerTagRequired],
      [{ ...base, trailerTag: '1234567' }, messages.trailerTagLength],
      [{ ...base, trailerType: 'Flatbed' }, messages.trailerClassInvalid],
    ];
    for (const [form, text] of cases)
      expect([text, await trailerGateIn(form)]).toMatchObject([text, { status: 400, body: { message: text } }]);
    expect(await trailerGateIn({ ...base, gateId: 999_999 })).toMatchObject({
      status: 400,
      body: { message: messages.vehicleGateInFailed(messages.unknownGate) },
    });
  });
});
