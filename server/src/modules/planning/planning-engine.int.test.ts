import { and, eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { containerChanges, containerPositions, inventoryState, tasks, yardAreas } from '../../db/schema';
import { outcome } from '../../test/api-client';
import { createGate, freeGroundSlots, rfidTag, singleGateIn } from '../../test/gate-fixtures';
import { createTestApp, createUserWithPermissions, type TestApp } from '../../test/test-app';
import { addContainer, containerNumber } from '../../test/yard-fixtures';
import { createPlanningService } from './planning.service';

// The calls that ask the planning engine (issue 19): suggestions for the gate and planners, the
// gate-in's default task to the suggested slot, and dig-outs. The engine's own rules are tested in
// engine/; here, what the server makes of its answers on a real yard.

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let gateId: number;
// The merged pairs' first columns per area (where a 40 ft slot is named).
const pairs = new Map<string, Set<number>>();

beforeAll(async () => {
  // Each advice on the yard as it is (the reuse of the advice's yard has a test of its own).
  t = await createTestApp({ env: { PLANNING_ADVICE_YARD_MS: '0' } });
  admin = await t.login('superadmin');
  ({ gateId } = await createGate(t, 'IN'));
  const layout = await admin.api.yard.layout();
  for (const area of layout.areaLayouts)
    pairs.set(area.name, new Set(area.cellNames.filter((column) => column.merged).map((column) => column.index)));
});
afterAll(() => t.close());

const slotParts = (slot: string) => {
  const [area, row, column, tier] = slot.split('_');
  return { area: area!, row: Number(row), column: Number(column), tier: Number(tier) };
};

// How the gate-ins' slots came from planning so far (GET /metrics): held, ranked, engine.
async function slotAdvice() {
  const text = (await t.app.inject({ url: '/metrics' })).body;
  const count = (outcome: string) =>
    Number(new RegExp(`^openyard_gate_slot_advice_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return { held: count('held'), ranked: count('ranked'), engine: count('engine') };
}

// Whether the check after the lock took an advice as it was given (its own first suggestions).
const asGiven = (advice: { suggestions: Map<string, unknown> }, held: Map<string, unknown> | null): boolean =>
  !!held && [...advice.suggestions].every(([number, suggestion]) => held.get(number) === suggestion);

// The next free slot of a column of a row (null: the area has no such column, or it is full).
async function nextSlotOf({ area, row, column }: { area: string; row: number; column: number }) {
  const layout = (await admin.api.yard.layout()).areaLayouts.find((candidate) => candidate.name === area)!;
  if (!layout.cellNames.some((cell) => cell.index === column)) return null;
  const [top] = await t.db
    .select({ height: max(containerPositions.tier) })
    .from(containerPositions)
    .innerJoin(yardAreas, eq(yardAreas.id, containerPositions.areaId))
    .where(
      and(eq(yardAreas.name, area), eq(containerPositions.rowIndex, row), eq(containerPositions.columnIndex, column)),
    );
  const height = Number(top?.height ?? 0);
  return height < layout.maxHeight ? `${area}_${row}_${column}_${height + 1}` : null;
}

// A gate-in whose container planning sends to the given slot (its task given at the gate): a
// pending drop there until the machine puts it down.
async function dropTo(location: string, number = containerNumber('MSCU')) {
  const answer = await admin.api.gateOperations.gateIn({
    body: singleGateIn(
      {
        gateId,
        trailerTag1: rfidTag(),
        planningGeneratedTasks: [
          {
            containerNumber: number,
            taskType: 'Offloading',
            deliveryMode: 'Loaded',
            fromLocation: 'Trailer',
            toLocation: location,
          },
        ],
      },
      { containerNumber: number },
    ),
  });
  expect(answer.tasks.map((task) => task.toLocation)).toEqual([location]);
}

describe('suggestions', () => {
  it('gives each container a free slot of its size, reserving nothing, with the default task to it', async () => {
    const [twenty, forty] = [containerNumber('MSCU'), containerNumber('MSCU')];
    const { suggestions } = await admin.api.planning.suggest({
      body: {
        containers: [
          { containerNumber: twenty, containerSize: '20' },
          { containerNumber: forty, containerSize: '40' },
        ],
      },
    });
    expect(suggestions.map((suggestion) => suggestion.containerNumber)).toEqual([twenty, forty]);
    for (const suggestion of suggestions) {
      expect(suggestion.slotFullName, suggestion.slotReason).not.toBeNull();
      expect(suggestion.slotReason.length).toBeGreaterThan(0);
      expect(suggestion.expectedRehandles).toBeGreaterThanOrEqual(0);
      expect(suggestion.tasks).toEqual([
        expect.objectContaining({
          containerNumber: suggestion.containerNumber,
          taskType: 'Offloading',
          deliveryMode: 'Loaded',
          fromLocation: 'Trailer',
          toLocation: suggestion.slotFullName,
        }),
      ]);
    }
    const [twentySlot, fortySlot] = suggestions.map((suggestion) => slotParts(suggestion.slotFullName!));
    expect(pairs.get(twentySlot!.area)!.has(twentySlot!.column)).toBe(false);
    expect(pairs.get(fortySlot!.area)!.has(fortySlot!.column)).toBe(true);
    expect(suggestions[0]!.slotFullName).not.toBe(suggestions[1]!.slotFullName);
    // bin-locations answers the same for planners; nothing was reserved by either.
    const again = await admin.api.planning.binLocations({
      body: { containers: [{ containerNumber: twenty, containerSize: '20' }] },
    });
    expect(again.suggestions[0]!.slotFullName).toEqual(expect.any(String));
    expect(
      await outcome(
        admin.api.planning.suggest({ body: { containers: [{ containerNumber: twenty, containerSize: '33' }] } }),
      ),
    ).toMatchObject({
      status: 400,
      body: { message: messages.unknownMasterData('size', '33') },
    });
  });

  it('answers a planned container with its reservation', async () => {
    const number = containerNumber('MSCU');
    await admin.api.preAdvices.create({
      body: { containerNumber: number, expectedFrom: Date.now() + 3_600_000, containerSize: '20' },
    });
    const [slot] = await freeGroundSlots(t, 1);
    const name = `Suggest plan ${Date.now()}`;
    await admin.api.planning.save({ body: { name, assignments: [{ containerNumber: number, slotFullName: slot! }] } });
    const { suggestions } = await admin.api.planning.suggest({
      body: { containers: [{ containerNumber: number, containerSize: '20' }] },
    });
    expect(suggestions[0]).toMatchObject({ slotFullName: slot, slotReason: `Reserved by plan ${name}` });
  });

  it('sees the yard as it changes: a box put in the suggested slot, then deleted', async () => {
    const asked = { containers: [{ containerNumber: containerNumber('MSCU'), containerSize: '20' }] };
    const first = (await admin.api.planning.suggest({ body: asked })).suggestions[0]!.slotFullName!;
    const versionOf = async () => Number((await t.db.select().from(inventoryState))[0]!.version);
    const before = await versionOf();
    const box = await addContainer(t, admin.auth, { location: first });
    // The change is recorded with the version it committed with, after the one the engine holds.
    const [change] = await t.db.select().from(containerChanges).where(eq(containerChanges.containerId, box.id));
    expect(change!.version).toBeGreaterThan(before);
    expect(change!.version).toBeLessThanOrEqual(await versionOf());
    const taken = (await admin.api.planning.suggest({ body: asked })).suggestions[0]!.slotFullName!;
    expect(taken).not.toBe(first);
    await admin.api.containers.delete({ params: { n: String(box.id) } });
    expect((await admin.api.planning.suggest({ body: asked })).suggestions[0]!.slotFullName).toBe(first);
  });

  it('lets the gate ask, and only planners ask for bin locations', async () => {
    const clerk = await createUserWithPermissions(t, admin.auth, 'suggest-gate', { gateVisible: true });
    const body = { containers: [{ containerNumber: containerNumber('MSCU'), containerSize: '20' }] };
    expect((await outcome(clerk.api.planning.suggest({ body }))).status).toBe(200);
    expect((await outcome(clerk.api.planning.binLocations({ body }))).status).toBe(403);
  });
});

describe('gate-in with planning on', () => {
  it('sends a container without a slot to the slot the engine suggests, and the next one elsewhere', async () => {
    const slots: string[] = [];
    for (let round = 0; round < 2; round += 1) {
      const form = singleGateIn({ gateId, trailerTag1: rfidTag() });
      const answer = await admin.api.gateOperations.gateIn({ body: form });
      expect(answer.containers[0]!.location).toBeNull();
      const [task] = answer.tasks;
      expect(task).toMatchObject({ taskType: 'Offloading', deliveryMode: 'Loaded', fromLocation: 'Trailer' });
      expect(task!.toLocation).toEqual(expect.any(String));
      slots.push(task!.toLocation!);
      const [stored] = await t.db.select().from(tasks).where(eq(tasks.id, task!.taskId));
      expect(stored!.source).toBe('planning');
    }
    // The first box's slot is held by its pending drop: the second gets another.
    expect(slots[0]).not.toBe(slots[1]);
  });

  it('takes advice asked before the transaction only while nothing changed in its slots’ stacks', async () => {
    const { planning } = t.services;
    const asked = [{ containerNumber: containerNumber('MSCU'), containerSize: '20' }];
    // One slot ranked: the advice holds or the engine is asked again.
    const advice = await planning.advise(asked, 1);
    const slot = advice.suggestions.get(asked[0]!.containerNumber)!.slotFullName!;
    const holds = async () => asGiven(advice, await t.db.transaction((tx) => planning.heldAdvice(tx, [advice])));
    // A box put in another row leaves the advice standing.
    const [far] = (await freeGroundSlots(t, 40, slotParts(slot).area)).filter(
      (candidate) => slotParts(candidate).row !== slotParts(slot).row,
    );
    await addContainer(t, admin.auth, { location: far! });
    expect(await holds()).toBe(true);
    // A gate-in of the same kind of box, committed meanwhile, goes to the slot the engine advises
    // on the yard as it is now (the box just put may draw it there: like boxes stack): advice asked
    // on this yard is void, while the first advice still holds unless that slot is in its stack.
    const now = await planning.advise(asked, 1);
    const nowSlot = now.suggestions.get(asked[0]!.containerNumber)!.slotFullName!;
    const answer = await admin.api.gateOperations.gateIn({
      body: singleGateIn({ gateId, trailerTag1: rfidTag() }, { containerNumber: containerNumber('MSCU') }),
    });
    expect(answer.tasks[0]!.toLocation).toBe(nowSlot);
    expect(await t.db.transaction((tx) => planning.heldAdvice(tx, [now]))).toBeNull();
    const sameStack = (a: string, b: string) =>
      slotParts(a).area === slotParts(b).area &&
      slotParts(a).row === slotParts(b).row &&
      slotParts(a).column === slotParts(b).column;
    expect(await holds()).toBe(!sameStack(nowSlot, slot));
  });

  it('keeps advice through boxes and drops in the columns beside its slot', async () => {
    const { planning } = t.services;
    const asked = [{ containerNumber: containerNumber('MSCU'), containerSize: '20' }];
    const advice = await planning.advise(asked, 1);
    const slot = slotParts(advice.suggestions.get(asked[0]!.containerNumber)!.slotFullName!);
    const holds = async () => asGiven(advice, await t.db.transaction((tx) => planning.heldAdvice(tx, [advice])));
    const [beside, other] = (
      await Promise.all([slot.column - 1, slot.column + 1].map((column) => nextSlotOf({ ...slot, column })))
    ).filter((name) => name !== null);
    // A box put on a column beside it, and a gate-in whose task goes to the other (or on that box).
    await addContainer(t, admin.auth, { location: beside! });
    expect(await holds()).toBe(true);
    await dropTo(other ?? (await nextSlotOf(slotParts(beside!)))!);
    expect(await holds()).toBe(true);
    // A box put on its own stack does void it.
    await addContainer(t, admin.auth, { location: (await nextSlotOf(slot))! });
    expect(await holds()).toBe(false);
  });

  it('voids advice for a 40 ft box when a box is put in the second column of its pair', async () => {
    const { planning } = t.services;
    const asked = [{ containerNumber: containerNumber('MSCU'), containerSize: '40' }];
    const advice = await planning.advise(asked, 1);
    const slot = slotParts(advice.suggestions.get(asked[0]!.containerNumber)!.slotFullName!);
    expect(pairs.get(slot.area)!.has(slot.column)).toBe(true);
    await addContainer(t, admin.auth, { location: (await nextSlotOf({ ...slot, column: slot.column + 1 }))! });
    expect(await t.db.transaction((tx) => planning.heldAdvice(tx, [advice]))).toBeNull();
  });

  it('voids advice when a pending drop goes to its slot', async () => {
    const { planning } = t.services;
    const asked = [{ containerNumber: containerNumber('MSCU'), containerSize: '20' }];
    const advice = await planning.advise(asked, 1);
    const slot = advice.suggestions.get(asked[0]!.containerNumber)!.slotFullName!;
    // A container whose task (planning's, given at the gate) goes to that slot: not the engine's choice.
    await dropTo(slot, containerNumber('HLXU'));
    expect(await t.db.transaction((tx) => planning.heldAdvice(tx, [advice]))).toBeNull();
  });

  it('takes the next of its ranked slots whose stack nothing changed, and asks again when none is left', async () => {
    const { planning } = t.services;
    const number = containerNumber('MSCU');
    const advice = await planning.advise([{ containerNumber: number, containerSize: '20' }], 3);
    const ranked = advice.ranked.get(number)!.map((suggestion) => suggestion.slotFullName!);
    expect(ranked).toHaveLength(3);
    expect(ranked[0]).toBe(advice.suggestions.get(number)!.slotFullName);
    // Three stacks.
    const stackOf = (slot: string) => {
      const { area, row, column } = slotParts(slot);
      return `${area}_${row}_${column}`;
    };
    expect(new Set(ranked.map(stackOf)).size).toBe(3);
    const taken = async () =>
      (await t.db.transaction((tx) => planning.heldAdvice(tx, [advice])))?.get(number)?.slotFullName ?? null;
    expect(await taken()).toBe(ranked[0]);
    // A box on the first's stack: the second. A pending drop to the second's: the third.
    await addContainer(t, admin.auth, { location: (await nextSlotOf(slotParts(ranked[0]!)))! });
    expect(await taken()).toBe(ranked[1]);
    await dropTo(ranked[1]!, containerNumber('HLXU'));
    expect(await taken()).toBe(ranked[2]);
    // (A drop, not a box: the slot may stand on pending drops, which a box may not.)
    await dropTo(ranked[2]!, containerNumber('HLXU'));
    expect(await taken()).toBeNull();
  });

  it('advises on a yard kept for adviceYardMs, and the check after the lock sees every change since', async () => {
    const keeping = createPlanningService(t.db, {
      inventory: t.services.inventory,
      afterCommit: () => undefined,
      adviceYardMs: 60_000,
    });
    const ask = () => [{ containerNumber: containerNumber('MSCU'), containerSize: '20' }];
    const first = await keeping.advise(ask());
    const [slot, next] = [...first.ranked.values()][0]!.map((suggestion) => suggestion.slotFullName!);
    await addContainer(t, admin.auth, { location: (await nextSlotOf(slotParts(slot!)))! });
    // The kept yard: the same version, the same first slot, though a box now stands in its stack.
    const second = await keeping.advise(ask());
    expect(second.yard.version).toBe(first.yard.version);
    const [number] = second.suggestions.keys();
    expect(second.suggestions.get(number!)!.slotFullName).toBe(slot);
    const held = await t.db.transaction((tx) => keeping.heldAdvice(tx, [second]));
    expect(held!.get(number!)!.slotFullName).toBe(next);
    // Read again at every advice (this app's setting): the box is seen.
    expect((await t.services.planning.advise(ask())).yard.version).toBeGreaterThan(first.yard.version);
  });

  it('checks advices committed together in their order: a later one does not take an earlier one’s stack', async () => {
    const keeping = createPlanningService(t.db, {
      inventory: t.services.inventory,
      afterCommit: () => undefined,
      adviceYardMs: 60_000,
    });
    const numbers = [containerNumber('MSCU'), containerNumber('MSCU'), containerNumber('MSCU')];
    const advices = await Promise.all(
      numbers.map((number) => keeping.advise([{ containerNumber: number, containerSize: '20' }])),
    );
    const ranked = advices.map((advice, index) =>
      advice.ranked.get(numbers[index]!)!.map((suggestion) => suggestion.slotFullName!),
    );
    // One yard, like boxes: the same ranking for the three (one run of the engine, kept with the
    // yard), each named for its own box; a 40 ft box on that yard gets its own.
    expect(ranked[1]).toEqual(ranked[0]);
    expect(ranked[2]).toEqual(ranked[0]);
    expect(advices.map((advice, index) => advice.ranked.get(numbers[index]!)![0]!.containerNumber)).toEqual(numbers);
    const forty = containerNumber('MSCU');
    const fortyRanked = (await keeping.advise([{ containerNumber: forty, containerSize: '40' }])).ranked.get(forty)!;
    for (const suggestion of fortyRanked)
      expect(pairs.get(slotParts(suggestion.slotFullName!).area)!.has(slotParts(suggestion.slotFullName!).column)).toBe(
        true,
      );
    const held = await t.db.transaction((tx) => keeping.heldAdvice(tx, advices));
    expect(numbers.map((number) => held!.get(number)!.slotFullName)).toEqual(ranked[0]!.slice(0, 3));
    expect(asGiven(advices[0]!, held)).toBe(true);
    expect(asGiven(advices[1]!, held)).toBe(false);
    // A box on the first's stack meanwhile: the three take the next three.
    await addContainer(t, admin.auth, { location: (await nextSlotOf(slotParts(ranked[0]![0]!)))! });
    const after = await t.db.transaction((tx) => keeping.heldAdvice(tx, advices));
    expect(numbers.map((number) => after!.get(number)!.slotFullName)).toEqual(ranked[0]!.slice(1, 4));
  });

  it('never gives two gate-ins advised on one yard the same slot', async () => {
    const { planning, gateOperations, auth } = t.services;
    const principal = await auth.authenticate(sessionIdOf(admin.token), admin.userId);
    const forms = [0, 1].map(() =>
      singleGateIn({ gateId, trailerTag1: rfidTag() }, { containerNumber: containerNumber('MSCU') }),
    );
    const numbers = forms.map((form) => form.container1Data!.containerNumber!);
    // Asked alone on the same yard, the engine ranks the same slots for both boxes.
    const advices = await Promise.all(
      numbers.map(async (number) =>
        (await planning.advise([{ containerNumber: number, containerSize: '20' }])).ranked
          .get(number)!
          .map((suggestion) => suggestion.slotFullName),
      ),
    );
    const advised = advices.map((ranked) => ranked[0]);
    expect(advices[1]).toEqual(advices[0]);
    // Both checked (and advised) before either transaction runs, then run together.
    const before = await slotAdvice();
    const prepared = await Promise.all(forms.map((form) => gateOperations.prepareGateIn(form, principal)));
    const results = await Promise.all(
      prepared.map((entry) => {
        if ('answer' in entry) throw new Error(`answered at once: ${JSON.stringify(entry.answer)}`);
        return gateOperations.changeInventory(entry.run, entry.context);
      }),
    );
    const slots = results.map((result) => result.tasks[0]!.toLocation);
    expect(slots).toContain(advised[0]);
    expect(slots[0]).not.toBe(slots[1]);
    // The second takes the engine's second choice on that yard, without asking it again.
    expect([...slots].sort()).toEqual([advices[0]![0], advices[0]![1]].sort());
    const after = await slotAdvice();
    expect({
      held: after.held - before.held,
      ranked: after.ranked - before.ranked,
      engine: after.engine - before.engine,
    }).toEqual({ held: 1, ranked: 1, engine: 0 });
    // A burst through the route: every task goes to a slot of its own.
    const burst = await Promise.all(
      [0, 1, 2, 3].map(() =>
        admin.api.gateOperations.gateIn({
          body: singleGateIn({ gateId, trailerTag1: rfidTag() }, { containerNumber: containerNumber('MSCU') }),
        }),
      ),
    );
    const burstSlots = burst.map((answer) => answer.tasks[0]!.toLocation);
    expect(burstSlots.every((slot) => typeof slot === 'string')).toBe(true);
    expect(new Set(burstSlots).size).toBe(burstSlots.length);
  });

  it('holds a pending drop’s slot until its task goes, and then offers it again', async () => {
    const asked = { containers: [{ containerNumber: containerNumber('MSCU'), containerSize: '20' }] };
    const suggested = async () => (await admin.api.planning.suggest({ body: asked })).suggestions[0]!.slotFullName!;
    const before = await suggested();
    // A gate-in for the same kind of box: its task goes to the slot the engine liked best.
    const answer = await admin.api.gateOperations.gateIn({
      body: singleGateIn({ gateId, trailerTag1: rfidTag() }, { containerNumber: containerNumber('MSCU') }),
    });
    const [task] = answer.tasks;
    expect(task!.toLocation).toBe(before);
    expect(await suggested()).not.toBe(before);
    await admin.api.tasks.delete({ query: { taskIds: String(task!.taskId) } });
    expect(await suggested()).toBe(before);
  });
});

describe('dig-out', () => {
  it('relocates the boxes above a container, then retrieves it, naming the slots as they stand', async () => {
    const [ground] = await freeGroundSlots(t, 1, 'C');
    const { area, row, column } = slotParts(ground!);
    const stack = [1, 2, 3].map((tier) => `${area}_${row}_${column}_${tier}`);
    const boxes = [];
    for (const location of stack) boxes.push(await addContainer(t, admin.auth, { location }));
    const target = boxes[0]!.containerNumber;
    const unknown = containerNumber('MSCU');
    const plan = await admin.api.planning.dispatch({ body: { containerNumbers: [target, unknown] } });
    expect(plan.notInYard).toEqual([unknown]);
    expect(plan.relocations).toBe(2);
    expect(plan.steps.map((step) => [step.kind, step.containerNumber, step.from])).toEqual([
      ['relocate', boxes[2]!.containerNumber, stack[2]],
      ['relocate', boxes[1]!.containerNumber, stack[1]],
      ['retrieve', target, stack[0]],
    ]);
    for (const step of plan.steps.slice(0, 2)) {
      expect(step.to).toEqual(expect.any(String));
      expect(slotParts(step.to!).area).toBe(area);
      expect(`${slotParts(step.to!).row}_${slotParts(step.to!).column}`).not.toBe(`${row}_${column}`);
    }
    expect(plan.steps[2]!.to).toBeNull();
  });
});

function sessionIdOf(token: string): string {
  const payload = token.replace(/^Bearer /, '').split('.')[1]!;
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sid: string }).sid;
}
