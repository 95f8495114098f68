import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type GateInForm, type LiveMessage } from '@openyard/contracts';
import { outcome } from '../../test/api-client';
import { projectEvents } from '../../live/projection';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addContainer, containerNumber } from '../../test/yard-fixtures';
import { createGate, doubleGateIn, freeGroundSlots, rfidTag, singleGateIn } from '../../test/gate-fixtures';
import {
  containerMovements,
  containerPositions,
  containers,
  gateTagUses,
  gateTransactions,
  outboxEvents,
  rfidTags,
  tasks,
  trailers,
} from '../../db/schema';

let t: TestApp;
let clerk: Awaited<ReturnType<TestApp['login']>>;
let gateId: number;
const live: LiveMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  clerk = await t.login('superadmin');
  ({ gateId } = await createGate(t, 'IN'));
  t.bus.subscribe((batch) => live.push(...projectEvents(batch)));
});
afterAll(() => t.close());

const gateIn = (form: GateInForm) => outcome(clerk.api.gateOperations.gateIn({ body: form }));

// What a refused or repeated transaction must leave as it was.
async function written() {
  const counted = async (table: typeof containers | typeof trailers | typeof tasks | typeof outboxEvents) =>
    (await t.db.select({ value: count() }).from(table))[0]!.value;
  const [positions] = await t.db.select({ value: count() }).from(containerPositions);
  const [movements] = await t.db.select({ value: count() }).from(containerMovements);
  const [transactions] = await t.db.select({ value: count() }).from(gateTransactions);
  return {
    containers: await counted(containers),
    visits: await counted(trailers),
    tasks: await counted(tasks),
    outbox: await counted(outboxEvents),
    positions: positions!.value,
    movements: movements!.value,
    transactions: transactions!.value,
  };
}

describe('POST gate/containers: gate-in', () => {
  it('takes a single container into its slot with its tag, visit, default task and events, in one transaction', async () => {
    const [slot] = await freeGroundSlots(t, 1);
    const form = singleGateIn(
      { gateId, trailerTag1: rfidTag() },
      { containerLocation: slot, containerType: 'Dry (GP)' },
    );
    const { status, body } = await gateIn(form);
    expect(status, JSON.stringify(body)).toBe(200);
    const number = form.container1Data!.containerNumber!;
    expect(body).toMatchObject({
      responsestatus: 'success',
      message: messages.gateInSuccessful,
      containers: [{ containerNumber: number, tagId: form.container1Data!.tagId, location: slot }],
    });
    // Offloading from the trailer to its slot, printed with the binning location (spec 3 §5).
    expect(body.tasks).toEqual([
      expect.objectContaining({
        containerNumber: number,
        taskType: 'Offloading',
        deliveryMode: 'Loaded',
        fromLocation: 'Trailer',
        toLocation: slot,
        assignedToMachine: 'ALL',
      }),
    ]);
    const container = await clerk.api.containers.get({ params: { n: number } });
    expect(container).toMatchObject({ location: slot, rfidTagId: form.container1Data!.tagId, process: 'Import' });
    const [visit] = await t.db.select().from(trailers).where(eq(trailers.id, body.visitId!));
    expect(visit).toMatchObject({ trailerNumber: form.trailerNumber, containerNumbers: [number], outAt: null, gateId });
    const [tag] = await t.db.select().from(rfidTags).where(eq(rfidTags.tagId, form.container1Data!.tagId!));
    expect(tag?.bindCount).toBe(1);
    const uses = await t.db.select().from(gateTagUses).where(eq(gateTagUses.requestId, form.requestId));
    expect(uses.map((use) => use.tagId).sort()).toEqual([form.container1Data!.tagId, form.trailerTag1].sort());
    // The yard and containers screens see it arrive; the gate screen sees the truck inside.
    await expect
      .poll(
        () =>
          live.filter(
            (message) =>
              message.type === 'inventory.slot.v1' &&
              message.data.container.containerId === body.containers[0]!.containerId,
          ).length,
      )
      .toBeGreaterThan(0);
    await expect
      .poll(() => live.some((message) => message.type === 'gate.visit.v1' && message.data.visit.id === body.visitId))
      .toBe(true);
    const inside = await clerk.api.gateOperations.trucksInside({ query: { gateId } });
    expect(inside.visits.find((truck) => truck.id === body.visitId)).toMatchObject({ tasksPending: 1, tasksDone: 0 });
  });

  it('takes two 20 ft containers, one waiting on its trailer without a slot', async () => {
    const [slot] = await freeGroundSlots(t, 1);
    const form = doubleGateIn();
    form.container1Data!.containerLocation = slot;
    const { status, body } = await gateIn(form);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.containers.map((container) => container.location)).toEqual([slot, null]);
    // The one without a slot is sent to the slot the planning engine suggests (spec 1 §5, issue 19).
    expect(body.tasks.map((task) => [task.containerNumber, task.toLocation])).toEqual([
      [form.container1Data!.containerNumber, slot],
      [form.container2Data!.containerNumber, expect.stringMatching(/^[A-E]_\d+_\d+_\d+$/)],
    ]);
    expect(body.tasks[1]!.toLocation).not.toBe(slot);
  });

  it('asks to confirm a number whose check digit is wrong, and takes it with skipValidation', async () => {
    const bad = `${containerNumber().slice(0, 10)}${(Number(containerNumber().slice(10)) + 1) % 10}`;
    const form = singleGateIn({}, { containerNumber: bad });
    const before = await written();
    const asked = await gateIn(form);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      responsestatus: messages.invalidContainerNumber,
      invalidNumbers: [bad],
      containers: [],
    });
    expect(await written()).toEqual(before);
    // The form retries with the same request id: nothing was stored for the question.
    const taken = await gateIn({ ...form, skipValidation: true });
    expect(taken.body.responsestatus).toBe('success');
  });

  it('answers every rule of spec 1 §5 with its message, writing nothing', async () => {
    const first = singleGateIn().container1Data!;
    const second = doubleGateIn().container2Data!;
    const cases: [GateInForm, string][] = [
      [singleGateIn({ container1Data: {} }), messages.gateInInsufficientData],
      [singleGateIn({}, { gateInPurpose: '' }), messages.gateInPurposeRequired],
      [doubleGateIn({ container2Data: { ...second, gateInPurpose: null } }), messages.gateInPurposeRequiredSecond],
      [singleGateIn({}, { containerNumber: 'MSCU12345' }), messages.gateFirstNumberInvalid],
      [doubleGateIn({ container2Data: { ...second, containerNumber: 'MSCU1' } }), messages.gateSecondNumberInvalid],
      [singleGateIn({}, { tagId: '1234567' }), messages.gateFirstTagInvalid],
      [singleGateIn({}, { tagId: '' }), messages.gateFirstTagInvalid],
      [doubleGateIn({ container2Data: { ...second, tagId: 'ABCDEFGH' } }), messages.gateSecondTagInvalid],
      [
        doubleGateIn({ container1Data: first, container2Data: { ...second, containerNumber: first.containerNumber } }),
        messages.gateSameNumbers,
      ],
      [
        doubleGateIn({
          container1Data: { ...first, tagId: '11112222' },
          container2Data: { ...second, tagId: '11112222' },
        }),
        messages.gateSameTags,
      ],
      [singleGateIn({ trailerNumber: ' ' }), messages.gateTrailerNumberRequired],
      [singleGateIn({ trailerTag1: '123' }), messages.gateTrailerTagInvalid],
      [singleGateIn({}, { containerSize: null }), messages.gatePlanningSizeRequired],
      [doubleGateIn({ container2Data: { ...second, containerSize: '40' } }), messages.gateDoubleTwentyOnly],
      [singleGateIn({ container2Data: second }), messages.gateSingleNeedsOne],
      [singleGateIn({ mode: 'double' }), messages.gateDoubleNeedsTwo],
      [
        singleGateIn({ gateOutWithExportContainer: true, outContainers: [containerNumber()] }),
        messages.gateExportTaskIncomplete,
      ],
      [
        singleGateIn({
          gateOutWithExportContainer: true,
          outContainers: ['MSCU0000000'],
          gateInTasks: [
            {
              containerNumber: 'MSCU0000000',
              taskType: 'Export Loading',
              deliveryMode: 'Labour',
              toLocation: 'Trailer',
            },
          ],
        }),
        messages.gateTaskTypeRule('Export Loading'),
      ],
      [
        singleGateIn({
          planningGeneratedTasks: [
            { containerNumber: first.containerNumber!, taskType: 'Grounding', deliveryMode: 'Loaded' },
          ],
          outContainerDetails: [{ containerNumber: 'MSCU0000000', activityGroup: null, activity: null }],
        }),
        messages.gatePlanningOutActivityRequired,
      ],
    ];
    const before = await written();
    for (const [form, message] of cases) {
      const { status, body } = await gateIn(form);
      expect([status, (body as unknown as { message: string }).message], message).toEqual([400, message]);
    }
    expect(await written()).toEqual(before);
  });

  it('keeps a special tag shared: two reefers with Refer Tag', async () => {
    const form = doubleGateIn();
    form.container1Data!.tagId = 'Refer Tag';
    form.container2Data!.tagId = 'Refer Tag';
    expect((await gateIn(form)).body.responsestatus).toBe('success');
    expect((await gateIn(singleGateIn({}, { tagId: 'Refer Tag' }))).body.responsestatus).toBe('success');
  });

  it('refuses a container already in the yard and a tag bound to another container', async () => {
    const box = await addContainer(t, clerk.auth, { rfidTagId: rfidTag() });
    const before = await written();
    const again = await gateIn(singleGateIn({}, { containerNumber: box.containerNumber }));
    expect(again).toMatchObject({ status: 409, body: { message: messages.gateContainerInYard(box.containerNumber) } });
    const tagged = await gateIn(singleGateIn({}, { tagId: box.rfidTagId! }));
    expect(tagged).toMatchObject({
      status: 409,
      body: { message: messages.gateTagBound(box.rfidTagId!, box.containerNumber) },
    });
    expect(await written()).toEqual(before);
  });

  it("refuses a slot taken meanwhile with the yard's message and writes nothing", async () => {
    const [slot] = await freeGroundSlots(t, 1);
    await addContainer(t, clerk.auth, { location: slot });
    const before = await written();
    const { status, body } = await gateIn(singleGateIn({}, { containerLocation: slot }));
    expect([status, (body as unknown as { message: string }).message]).toEqual([409, messages.slotTaken(slot!)]);
    expect(await written()).toEqual(before);
  });

  it('refuses a 2,000-character trailer number with a 400 before anything runs', async () => {
    const form = singleGateIn({ trailerNumber: 'X'.repeat(2000) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/rest/enterprise/gate/containers',
      headers: clerk.auth,
      payload: form,
    });
    expect(response.statusCode).toBe(400);
    const trailer = await outcome(
      clerk.api.gateOperations.trailerGateIn({
        body: {
          requestId: form.requestId,
          trailerNumber: 'X'.repeat(2000),
          trailerTag: '12345678',
          gateInType: 'Import',
        },
      }),
    );
    expect(trailer.status).toBe(400);
  });

  it('generates export-out loading tasks from where the out-container stands', async () => {
    const [slot] = await freeGroundSlots(t, 1);
    const out = await addContainer(t, clerk.auth, { location: slot, process: 'Export' });
    const form = singleGateIn({
      gateOutWithExportContainer: true,
      outContainers: [out.containerNumber],
      gateInTasks: [{ containerNumber: out.containerNumber, taskType: 'Export Loading', deliveryMode: 'Export Out' }],
    });
    const { body } = await gateIn(form);
    expect(body.responsestatus, JSON.stringify(body)).toBe('success');
    expect(body.tasks).toContainEqual(
      expect.objectContaining({
        containerNumber: out.containerNumber,
        taskType: 'Export Loading',
        deliveryMode: 'Export Out',
        fromLocation: slot,
        toLocation: 'Trailer',
      }),
    );
    const stored = await t.db.select().from(tasks).where(eq(tasks.visitId, body.visitId!));
    // The export loading task is the gate's; the arriving box's offloading to its suggested slot, planning's.
    expect(stored.map((task) => task.source).sort()).toEqual(['gate', 'planning']);
    expect(stored.every((task) => task.completedAt === null)).toBe(true);
  });

  it("stores planning's tasks as given, instead of the default", async () => {
    const form = singleGateIn();
    const number = form.container1Data!.containerNumber!;
    form.planningGeneratedTasks = [
      {
        containerNumber: number,
        taskType: 'Examination',
        deliveryMode: 'Crane de-stuff',
        toLocation: 'Examination Zone',
      },
    ];
    const { body } = await gateIn(form);
    expect(body.tasks).toEqual([
      expect.objectContaining({ containerNumber: number, taskType: 'Examination', toLocation: 'Examination Zone' }),
    ]);
    const stored = await t.db
      .select()
      .from(tasks)
      .where(inArray(tasks.visitId, [body.visitId!]));
    expect(stored.map((task) => task.source)).toEqual(['planning']);
  });
});

describe('POST gate/containers with planning off (FEATURE_PLANNING=false)', () => {
  // An app of its own, started in the hook (its limit, not a test's, covers a start on a loaded machine).
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ env: { FEATURE_PLANNING: 'false' } });
  });
  afterAll(() => off?.close());

  it('generates no default offloading task, so the success clears itself (spec 1 §4)', async () => {
    const superadmin = await off.login('superadmin');
    const { gateId: gate } = await createGate(off, 'IN');
    const [slot] = await freeGroundSlots(off, 1);
    const answer = await superadmin.api.gateOperations.gateIn({
      body: singleGateIn({ gateId: gate, trailerTag1: rfidTag() }, { containerLocation: slot }),
    });
    expect(answer).toMatchObject({ responsestatus: 'success', containers: [{ location: slot }] });
    expect(answer.tasks).toEqual([]);
    const [stored] = await off.db.select({ value: count() }).from(tasks);
    expect(stored!.value).toBe(0);
  });
});
