import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type ChaAllocationInput, type LiveMessage, type TrailerGateInForm } from '@openyard/contracts';
import { projectEvents } from '../../live/projection';
import { chaAgents, chaVehicleDetails, trailers } from '../../db/schema';
import { outcome } from '../../test/api-client';
import { requestId, rfidTag } from '../../test/gate-fixtures';
import { createTestApp, createUserWithPermissions, type TestApp } from '../../test/test-app';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let operator: Awaited<ReturnType<TestApp['login']>>;
let manager: Awaited<ReturnType<TestApp['login']>>;
let kiosk: Awaited<ReturnType<TestApp['loginWithToken']>>;
let gateOnly: Awaited<ReturnType<TestApp['login']>>;
let types: Map<string, number>;
let equipment: { id: number; name: string }[];
const live: LiveMessage[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.bus.subscribe((batch) => live.push(...projectEvents(batch)));
  superadmin = await t.login('superadmin');
  operator = await t.login('operator');
  manager = await t.login('manager');
  kiosk = await t.loginWithToken('kiosk');
  gateOnly = await createUserWithPermissions(t, superadmin.auth, 'cha-gate-clerk', { gateVisible: true });
  types = new Map(
    (await superadmin.api.cha.deliveryTypes()).map((type) => [type.activityName, type.activityId] as const),
  );
  equipment = await superadmin.api.cha.equipments();
});
afterAll(() => t.close());

let serial = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36).slice(-5)}${(serial += 1)}`;

async function newAgent(name = unique('Agent')) {
  const { agent } = await superadmin.api.cha.create({
    body: { name, registrationNumber: unique('REG'), contacts: ['+91 98200 00001'] },
  });
  return agent;
}

const allocationInput = (
  figures: Record<string, [number, number, number]>,
  equipmentIds: number[] = [],
): ChaAllocationInput => ({
  equipments: equipmentIds.map((id) => ({ id })),
  allowedDeliveries: Object.fromEntries(
    Object.entries(figures).map(([name, [allowedCount, allowed20, allowed40]]) => [
      name,
      { deliveryType: { activityId: types.get(name)! }, allowedCount, allowed20, allowed40 },
    ]),
  ),
});

const trailerForm = (overrides: Partial<TrailerGateInForm> = {}): TrailerGateInForm => ({
  requestId: requestId(),
  trailerNumber: 'MH04CH0001',
  trailerTag: rfidTag(),
  gateInType: 'Import',
  ...overrides,
});
const trailerGateIn = (form: TrailerGateInForm) => outcome(superadmin.api.gateOperations.trailerGateIn({ body: form }));

describe('CHA agents (spec 1 §3 CHA; spec 3 §7 /rest/enterprise/cha)', () => {
  it('lists the demo agents, searches by name or registration number in any case, and reads one', async () => {
    const all = await operator.api.cha.search();
    expect(all.map((agent) => agent.name)).toEqual(expect.arrayContaining(['Bharat Clearing Agency']));
    const byName = await operator.api.cha.search({ query: { query: 'bharat' } });
    expect(byName.map((agent) => agent.registrationNumber)).toEqual(['CHA-MUM-0147']);
    const byNumber = await operator.api.cha.search({ query: { query: 'cha-nsa' } });
    expect(byNumber.map((agent) => agent.name)).toEqual(['Coastal Customs Brokers']);
    expect(await operator.api.cha.search({ query: { query: '%_' } })).toEqual([]);
    expect(await operator.api.cha.agent({ params: { id: byName[0]!.id } })).toEqual(byName[0]);
    expect(await outcome(operator.api.cha.agent({ params: { id: 999_999 } }))).toMatchObject({
      status: 404,
      body: { message: messages.chaNotFound },
    });
  });

  it('adds an agent, refuses a second one with the same registration number in any case, and sets its contacts', async () => {
    const registrationNumber = unique('cha-reg');
    const added = await operator.api.cha.create({
      body: { name: '  New Agent  ', registrationNumber, contacts: [' desk@agent.example '] },
    });
    expect(added).toMatchObject({
      responsestatus: 'success',
      message: messages.chaAgentAdded,
      agent: { name: 'New Agent', registrationNumber, contacts: ['desk@agent.example'] },
    });
    expect(
      await outcome(
        operator.api.cha.create({ body: { name: 'Other', registrationNumber: registrationNumber.toUpperCase() } }),
      ),
    ).toMatchObject({
      status: 409,
      body: { message: messages.chaRegistrationTaken(registrationNumber.toUpperCase()), field: 'registrationNumber' },
    });
    expect(await outcome(operator.api.cha.create({ body: { name: ' ', registrationNumber: 'X' } }))).toMatchObject({
      status: 400,
      body: { message: messages.chaNameRequired, field: 'name' },
    });

    const saved = await operator.api.cha.updateContacts({
      params: { id: added.agent.id },
      body: ['+91 22 0000 0000', 'ops@agent.example'],
    });
    expect(saved).toMatchObject({
      message: messages.chaContactsSaved,
      agent: { contacts: ['+91 22 0000 0000', 'ops@agent.example'] },
    });
    expect(
      await outcome(operator.api.cha.updateContacts({ params: { id: added.agent.id }, body: ['ok', '  '] })),
    ).toMatchObject({ status: 400, body: { message: messages.chaContactEmpty } });
    expect(await outcome(operator.api.cha.updateContacts({ params: { id: 999_999 }, body: [] }))).toMatchObject({
      status: 404,
    });
    const tooMany = await t.app.inject({
      method: 'PUT',
      url: `/rest/enterprise/cha/${added.agent.id}/contacts`,
      headers: superadmin.auth,
      payload: Array.from({ length: 11 }, (_, i) => `contact ${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('gives the delivery types (the VEHICLE GATE-IN activities) and the equipments', async () => {
    expect([...types.keys()]).toEqual(['Import', 'Loaded Delivery', 'De-stuff Delivery', 'Empty Delivery']);
    expect(equipment.map((item) => item.name)).toEqual(
      expect.arrayContaining(['Forklift', 'Hydra Crane', 'Reach Stacker']),
    );
  });
});

describe('CHA allocations (spec 1 §3, §5, §8)', () => {
  it('has none for a new agent; creates one with the spec’s notice, counts from zero, keyed by delivery type', async () => {
    const agent = await newAgent();
    expect(await operator.api.cha.allocation({ params: { id: agent.id } })).toBeNull();
    const saved = await operator.api.cha.createAllocation({
      params: { id: agent.id },
      body: allocationInput({ Import: [5, 2, 3], 'Empty Delivery': [4, 0, 0] }, [equipment[0]!.id, equipment[1]!.id]),
    });
    expect(saved.responsestatus).toBe('success');
    expect(saved.message).toBe(messages.chaAllocationSaved);
    expect(saved.allocation).toMatchObject({
      agent: { id: agent.id },
      equipments: [equipment[0], equipment[1]],
      allowedDeliveries: {
        Import: {
          deliveryType: { activityId: types.get('Import'), activityName: 'Import' },
          allowedCount: 5,
          allowed20: 2,
          allowed40: 3,
          gatedInCount: 0,
        },
        'Empty Delivery': { allowedCount: 4, allowed20: 0, allowed40: 0, gatedInCount: 0 },
      },
    });
    expect(Math.abs(saved.allocation.createDate - Date.now())).toBeLessThan(60_000);
    expect(await operator.api.cha.allocation({ params: { id: agent.id } })).toEqual(saved.allocation);
    expect(await outcome(operator.api.cha.allocation({ params: { id: 999_999 } }))).toMatchObject({ status: 404 });
  });

  it('updates an allocation keeping what has gated in; a new allocation becomes the current one', async () => {
    const agent = await newAgent();
    const { allocation } = await operator.api.cha.createAllocation({
      params: { id: agent.id },
      body: allocationInput({ Import: [3, 1, 1] }),
    });
    const gated = await trailerGateIn(
      trailerForm({ chaId: agent.id, vehicleDetailId: allocation.allowedDeliveries.Import!.id }),
    );
    expect(gated.body.responsestatus, JSON.stringify(gated.body)).toBe('success');

    const updated = await operator.api.cha.updateAllocation({
      params: { id: agent.id, allocId: allocation.id },
      body: allocationInput({ Import: [6, 3, 2], 'Loaded Delivery': [2, 1, 1] }, [equipment[2]!.id]),
    });
    expect(updated.message).toBe(messages.chaAllocationSaved);
    expect(updated.allocation.id).toBe(allocation.id);
    expect(updated.allocation.equipments).toEqual([equipment[2]]);
    expect(updated.allocation.allowedDeliveries.Import).toMatchObject({
      id: allocation.allowedDeliveries.Import!.id,
      allowedCount: 6,
      gatedInCount: 1,
    });
    expect(updated.allocation.allowedDeliveries['Loaded Delivery']).toMatchObject({ allowedCount: 2, gatedInCount: 0 });

    const next = await operator.api.cha.createAllocation({
      params: { id: agent.id },
      body: allocationInput({ Import: [2, 1, 1] }),
    });
    expect(next.allocation.id).toBeGreaterThan(allocation.id);
    expect(next.allocation.allowedDeliveries.Import!.gatedInCount).toBe(0);
    expect((await operator.api.cha.allocation({ params: { id: agent.id } }))!.id).toBe(next.allocation.id);

    const other = await newAgent();
    expect(
      await outcome(
        operator.api.cha.updateAllocation({
          params: { id: other.id, allocId: allocation.id },
          body: allocationInput({}),
        }),
      ),
    ).toMatchObject({ status: 404, body: { message: messages.chaAllocationNotFound } });
  });

  it('refuses counts below allowed 20 + allowed 40, unknown delivery types and equipments, and a key that names another type', async () => {
    const agent = await newAgent();
    expect(
      await outcome(
        operator.api.cha.createAllocation({ params: { id: agent.id }, body: allocationInput({ Import: [4, 3, 2] }) }),
      ),
    ).toMatchObject({
      status: 400,
      body: { message: messages.chaAllowedBelowSizes('Import'), field: 'allowedDeliveries.Import.allowedCount' },
    });
    const containerActivity = (
      await superadmin.api.masterData.activities({ query: { activityGroup: 'CONTAINER GATE-IN' } })
    )[0]!;
    expect(
      await outcome(
        operator.api.cha.createAllocation({
          params: { id: agent.id },
          body: {
            equipments: [],
            allowedDeliveries: {
              [containerActivity.activityName]: {
                deliveryType: { activityId: containerActivity.activityId },
                allowedCount: 1,
                allowed20: 0,
                allowed40: 0,
              },
            },
          },
        }),
      ),
    ).toMatchObject({
      status: 400,
      body: { message: messages.chaUnknownDeliveryType(containerActivity.activityName) },
    });
    expect(
      await outcome(
        operator.api.cha.createAllocation({
          params: { id: agent.id },
          body: {
            equipments: [],
            allowedDeliveries: {
              Import: {
                deliveryType: { activityId: types.get('Empty Delivery')! },
                allowedCount: 1,
                allowed20: 0,
                allowed40: 0,
              },
            },
          },
        }),
      ),
    ).toMatchObject({ status: 400, body: { message: messages.chaDeliveryTypeKey('Import', 'Empty Delivery') } });
    expect(
      await outcome(
        operator.api.cha.createAllocation({ params: { id: agent.id }, body: allocationInput({}, [999_999]) }),
      ),
    ).toMatchObject({ status: 400, body: { message: messages.chaUnknownEquipment, field: 'equipments' } });
    expect(
      await outcome(operator.api.cha.createAllocation({ params: { id: 999_999 }, body: allocationInput({}) })),
    ).toMatchObject({ status: 404, body: { message: messages.chaNotFound } });
    // A negative or huge figure never reaches the service.
    const negative = await t.app.inject({
      method: 'POST',
      url: `/rest/enterprise/cha/${agent.id}/allocation`,
      headers: superadmin.auth,
      payload: allocationInput({ Import: [-1, 0, 0] }),
    });
    expect(negative.statusCode).toBe(400);
    expect(await operator.api.cha.allocation({ params: { id: agent.id } })).toBeNull();
  });

  it('keeps allowed count ≥ allowed 20 + allowed 40 in the database too (cha_vehicle_details_counts)', async () => {
    const agent = await newAgent();
    const { allocation } = await operator.api.cha.createAllocation({
      params: { id: agent.id },
      body: allocationInput({ Import: [3, 1, 1] }),
    });
    await expect(
      t.db
        .update(chaVehicleDetails)
        .set({ allowed40: 5 })
        .where(eq(chaVehicleDetails.id, allocation.allowedDeliveries.Import!.id)),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
  });
});

describe('the trailer gate-in counts against the allocation (spec 1 §4, §8 Gate Count Alert)', () => {
  async function allocated(allowed: number) {
    const agent = await newAgent(unique('Count Agent'));
    const { allocation } = await superadmin.api.cha.createAllocation({
      params: { id: agent.id },
      body: allocationInput({ 'Loaded Delivery': [allowed, 0, 0] }),
    });
    return { agent, detailId: allocation.allowedDeliveries['Loaded Delivery']!.id };
  }
  const countOf = async (agentId: number) =>
    (await superadmin.api.cha.allocation({ params: { id: agentId } }))!.allowedDeliveries['Loaded Delivery']!
      .gatedInCount;

  it('counts gate-ins up to the allowed count, then asks the Gate Count Alert and writes nothing until confirmed', async () => {
    const { agent, detailId } = await allocated(1);
    const form = (overrides: Partial<TrailerGateInForm> = {}) =>
      trailerForm({ gateInType: 'Loaded Delivery', chaId: agent.id, vehicleDetailId: detailId, ...overrides });
    const first = await trailerGateIn(form());
    expect(first.body).toMatchObject({ responsestatus: 'success', message: messages.vehicleGateInSuccessful });
    const [visit] = await t.db.select().from(trailers).where(eq(trailers.id, first.body.visitId!));
    expect(visit).toMatchObject({ chaId: agent.id, vehicleDetailId: detailId });
    expect(await countOf(agent.id)).toBe(1);

    const second = form();
    const alert = await trailerGateIn(second);
    const text = messages.gateCountAlert('Loaded Delivery', agent.name);
    expect(text).toContain('Gate In Count will exceed Allowed Vechile Count for process Loaded Delivery and CHA');
    expect(alert).toMatchObject({
      status: 200,
      body: {
        responsestatus: text,
        message: text,
        tasks: [],
        gateCountAlert: {
          process: 'Loaded Delivery',
          cha: agent.name,
          allowedCount: 1,
          gatedInCount: 1,
          message: text,
        },
      },
    });
    expect(alert.body.visitId).toBeUndefined();
    const rows = await t.db.select().from(trailers).where(eq(trailers.trailerTagId, second.trailerTag!));
    expect(rows).toEqual([]);
    expect(await countOf(agent.id)).toBe(1);

    // The confirmed retry, with the same request id, goes ahead past the allowed count.
    const confirmed = await trailerGateIn({ ...second, exceedAllowedCount: true });
    expect(confirmed.body).toMatchObject({ responsestatus: 'success' });
    expect(await countOf(agent.id)).toBe(2);
    // A twin of it is answered from the stored answer and counts nothing again.
    expect((await trailerGateIn({ ...second, exceedAllowedCount: true })).body.visitId).toBe(confirmed.body.visitId);
    expect(await countOf(agent.id)).toBe(2);
  });

  it('tells /cha-vehicles live: the allocation saved and each counted gate-in, on the topic cha', async () => {
    const before = live.length;
    const { agent, detailId } = await allocated(3);
    const told = () =>
      live.slice(before).filter((message) => message.type === 'cha.allocation.v1' && message.data.agentId === agent.id)
        .length;
    await expect.poll(told).toBe(1);
    await trailerGateIn(trailerForm({ gateInType: 'Loaded Delivery', chaId: agent.id, vehicleDetailId: detailId }));
    await expect.poll(told).toBe(2);
    expect(live.slice(before).find((message) => message.type === 'cha.allocation.v1')?.topic).toBe('cha');
    // A gate-in that counts nothing (no allocation for its type) tells nothing.
    await trailerGateIn(trailerForm({ gateInType: 'Import', chaId: agent.id }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(told()).toBe(2);
  });

  it('finds the agent’s vehicle detail from the CHA alone; refuses a detail of another agent or another delivery type', async () => {
    const { agent, detailId } = await allocated(5);
    const byAgent = await trailerGateIn(trailerForm({ gateInType: 'Loaded Delivery', chaId: agent.id }));
    expect(byAgent.body.responsestatus).toBe('success');
    const [visit] = await t.db.select().from(trailers).where(eq(trailers.id, byAgent.body.visitId!));
    expect(visit).toMatchObject({ chaId: agent.id, vehicleDetailId: detailId });
    expect(await countOf(agent.id)).toBe(1);
    // No allocation for this delivery type: the visit names the agent, nothing is counted.
    const noType = await trailerGateIn(trailerForm({ gateInType: 'Import', chaId: agent.id }));
    expect(noType.body.responsestatus).toBe('success');
    expect((await t.db.select().from(trailers).where(eq(trailers.id, noType.body.visitId!)))[0]).toMatchObject({
      chaId: agent.id,
      vehicleDetailId: null,
    });

    const other = await newAgent();
    expect(
      await trailerGateIn(trailerForm({ gateInType: 'Loaded Delivery', chaId: other.id, vehicleDetailId: detailId })),
    ).toMatchObject({
      status: 400,
      body: { message: messages.vehicleGateInFailed(messages.chaVehicleDetailOtherAgent), field: 'chaId' },
    });
    expect(await trailerGateIn(trailerForm({ gateInType: 'Import', vehicleDetailId: detailId }))).toMatchObject({
      status: 400,
      body: { message: messages.vehicleGateInFailed(messages.chaVehicleDetailOtherType('Loaded Delivery', 'Import')) },
    });
    expect(await trailerGateIn(trailerForm({ vehicleDetailId: 999_999 }))).toMatchObject({
      status: 400,
      body: { message: messages.vehicleGateInFailed(messages.chaVehicleDetailUnknown) },
    });
    expect(await trailerGateIn(trailerForm({ chaId: 999_999 }))).toMatchObject({
      status: 400,
      body: { message: messages.vehicleGateInFailed(messages.chaNotFound) },
    });
    expect(await countOf(agent.id)).toBe(1);
  });

  it('never takes the count past the allowed count under concurrent gate-ins without the confirmation', async () => {
    const allowed = 3;
    const { agent, detailId } = await allocated(allowed);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        trailerGateIn(trailerForm({ gateInType: 'Loaded Delivery', chaId: agent.id, vehicleDetailId: detailId })),
      ),
    );
    const bodies = answers.map((answer) => answer.body);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(bodies.filter((body) => body.responsestatus === 'success')).toHaveLength(allowed);
    expect(bodies.filter((body) => body.gateCountAlert)).toHaveLength(8 - allowed);
    expect(await countOf(agent.id)).toBe(allowed);
    const visits = await t.db.select().from(trailers).where(eq(trailers.vehicleDetailId, detailId));
    expect(visits).toHaveLength(allowed);

    // Confirmed ones all go ahead, each counted once.
    const confirmed = await Promise.all(
      Array.from({ length: 4 }, () =>
        trailerGateIn(
          trailerForm({
            gateInType: 'Loaded Delivery',
            chaId: agent.id,
            vehicleDetailId: detailId,
            exceedAllowedCount: true,
          }),
        ),
      ),
    );
    expect(confirmed.map((answer) => answer.body.responsestatus)).toEqual(Array(4).fill('success'));
    expect(await countOf(agent.id)).toBe(allowed + 4);
  });
});

describe('a visit’s agent in the database (trailers_cha_id_cha_agents_id_fk)', () => {
  it('refuses a visit naming no agent, and keeps an agent whose trucks’ visits are current', async () => {
    await expect(
      t.db.insert(trailers).values({ trailerNumber: 'MH04FK0001', type: 'Import', chaId: 999_999 }),
    ).rejects.toMatchObject({ cause: { code: '23503' } });

    const agent = await newAgent();
    const visit = await trailerGateIn(trailerForm({ chaId: agent.id }));
    expect(visit.body.responsestatus).toBe('success');
    // Every visit that names an agent (this one, the demo's, any a test above wrote) names one that exists.
    const named = await t.db
      .select({ visits: count(), agents: sql<number>`count(${chaAgents.id})::int` })
      .from(trailers)
      .leftJoin(chaAgents, eq(chaAgents.id, trailers.chaId))
      .where(isNotNull(trailers.chaId));
    expect(named[0]!.visits).toBeGreaterThan(0);
    expect(named[0]!.agents).toBe(named[0]!.visits);
    // ON DELETE RESTRICT: PostgreSQL 17 (PGlite) says restrict_violation (23001), older ones 23503.
    const refused = await t.db
      .delete(chaAgents)
      .where(eq(chaAgents.id, agent.id))
      .then(
        () => null,
        (error: { cause?: { code?: string } }) => error.cause?.code,
      );
    expect(['23503', '23001']).toContain(refused);
    expect(await t.db.select().from(chaAgents).where(eq(chaAgents.id, agent.id))).toHaveLength(1);
    // An agent no visit names goes (its allocations with it, as before).
    const unused = await newAgent();
    await t.db.delete(chaAgents).where(eq(chaAgents.id, unused.id));
    expect(await t.db.select().from(chaAgents).where(eq(chaAgents.id, unused.id))).toEqual([]);
  });
});

describe('the gate’s CHA lookups (spec 3 §7 master data chas/activity/{x}, cha/{id}/activity/{x})', () => {
  it('lists the agents with the delivery type in their current allocation, and gives an agent’s vehicle detail', async () => {
    const agents = await gateOnly.api.cha.agentsForActivity({ params: { activity: 'de-stuff delivery' } });
    expect(agents.map((agent) => agent.name)).toEqual(['Bharat Clearing Agency', 'Jawahar Shipping & Clearing']);
    const bharat = agents[0]!;
    const detail = await gateOnly.api.cha.vehicleDetail({ params: { id: bharat.id, activity: 'De-stuff Delivery' } });
    expect(detail).toMatchObject({
      deliveryType: { activityName: 'De-stuff Delivery', activityGroup: { name: 'VEHICLE GATE-IN' } },
      allowedCount: 4,
      allowed20: 2,
      allowed40: 1,
      gatedInCount: 0,
    });
    const konkan = (await operator.api.cha.search({ query: { query: 'Konkan' } }))[0]!;
    expect(await gateOnly.api.cha.vehicleDetail({ params: { id: konkan.id, activity: 'Import' } })).toBeNull();
    expect(await gateOnly.api.cha.agentsForActivity({ params: { activity: 'Export' } })).toEqual([]);
  });
});

describe('who may call the CHA calls (spec 3 §6)', () => {
  it('needs a session, the CHA permission to read, create/update rights to write; the gate reads its lookups', async () => {
    const agent = (await superadmin.api.cha.search({ query: { query: 'Bharat' } }))[0]!;
    expect((await outcome(t.api.cha.search())).status).toBe(401);
    expect((await outcome(t.api.cha.agentsForActivity({ params: { activity: 'Import' } }))).status).toBe(401);
    const readCalls: (() => Promise<unknown>)[] = [
      () => kiosk.api.cha.search(),
      () => kiosk.api.cha.deliveryTypes(),
      () => kiosk.api.cha.equipments(),
      () => kiosk.api.cha.agent({ params: { id: agent.id } }),
      () => kiosk.api.cha.allocation({ params: { id: agent.id } }),
      () => kiosk.api.cha.agentsForActivity({ params: { activity: 'Import' } }),
      () => kiosk.api.cha.vehicleDetail({ params: { id: agent.id, activity: 'Import' } }),
      () => gateOnly.api.cha.search(),
    ];
    for (const call of readCalls) expect((await outcome(call())).status).toBe(403);
    // The manager sees the screen but has no create/update rights (spec 3 §6).
    expect((await outcome(manager.api.cha.allocation({ params: { id: agent.id } }))).status).toBe(200);
    const writeCalls: (() => Promise<unknown>)[] = [
      () => manager.api.cha.create({ body: { name: 'X', registrationNumber: unique('M') } }),
      () => manager.api.cha.createAllocation({ params: { id: agent.id }, body: allocationInput({}) }),
      () => manager.api.cha.updateAllocation({ params: { id: agent.id, allocId: 1 }, body: allocationInput({}) }),
      () => manager.api.cha.updateContacts({ params: { id: agent.id }, body: [] }),
    ];
    for (const call of writeCalls) expect((await outcome(call())).status).toBe(403);
  });
});

describe('with FEATURE_CHA_VEHICLES off', () => {
  it('refuses every CHA call as a locked feature', async () => {
    const off = await createTestApp({ env: { FEATURE_CHA_VEHICLES: 'false' } });
    try {
      const admin = await off.login('superadmin');
      const refused = await outcome(admin.api.cha.search());
      expect(refused).toMatchObject({ status: 403, body: { message: messages.lockedFeature } });
      expect((await outcome(admin.api.cha.agentsForActivity({ params: { activity: 'Import' } }))).status).toBe(403);
      expect((await admin.api.metadata.get()).chaVehicleEnabled).toBe(false);
    } finally {
      await off.close();
    }
  });
});
