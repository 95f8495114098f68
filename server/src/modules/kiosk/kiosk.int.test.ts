import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_MACHINES, messages, type ContainerTrack } from '@openyard/contracts';
import { outcome } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addContainer, containerNumber } from '../../test/yard-fixtures';

// The public kiosks and mobile search (issue 21): the kiosk's token sign-in, its tasks in the yard's
// tasks, the status links, and what the public calls show and refuse.
let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;
let kiosk: Awaited<ReturnType<TestApp['loginWithToken']>>;
const CUSTOMER = 'Konkan Agro Exports';

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
  kiosk = await t.loginWithToken('kiosk', 'Gate kiosk 1');
});
afterAll(() => t.close());

// Every key anywhere in an answer.
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  return [];
}
const PRIVATE_KEYS = ['containerId', 'id', 'customer', 'customerName', 'rfidTagId', 'tagId', 'liner', 'createdBy'];

describe('a kiosk', () => {
  it('signs in with its token, lands on the start page and never goes idle', async () => {
    const info = await kiosk.api.auth.user();
    expect(info).toMatchObject({ systemRole: 'kiosk', landingPage: '/start', sessionExpireInIdleMins: 0 });
    const [, payload] = kiosk.token.split('.');
    const { sid, uid } = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as {
      sid: string;
      uid: number;
    };
    const tomorrow = new Date(Date.now() + 24 * 60 * 60_000);
    await expect(t.services.auth.check(sid, uid, tomorrow)).resolves.toBeDefined();
    const listed = await superadmin.api.displayTokens.list();
    expect(listed.find((token) => token.name === 'Gate kiosk 1')).toMatchObject({ role: 'kiosk', revokedAt: null });
  });

  it('has no password login, and the demo has no kiosk user', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/rest/login',
      payload: { username: 'kiosk', password: 'demo' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('never shows staff data, whatever its role is granted', async () => {
    const calls: (() => Promise<unknown>)[] = [
      () => kiosk.api.masterData.customers(),
      () => kiosk.api.users.me(),
      () => kiosk.api.tasks.page({ query: {} }),
      () => kiosk.api.gates.list(),
      () => kiosk.api.smartGate.mine(),
      () => kiosk.api.inventory.igmContainers({ params: { igm: '1:1' } }),
    ];
    for (const call of calls) expect((await outcome(call())).status).toBe(403);
    // An admin who grants the kiosk role every permission grants it no staff call either.
    const roles = await superadmin.api.roles.page({ query: { skip: 1, limit: 100 } });
    const role = roles.roles.find((candidate) => candidate.name === 'kiosk')!;
    const all = Object.fromEntries(Object.keys((await kiosk.api.auth.user()).permissions).map((flag) => [flag, true]));
    await superadmin.api.roles.updatePermissions({
      body: { roleId: role.id, landingPage: '/start', permissions: all },
    });
    try {
      await t.accessSettled();
      expect((await outcome(kiosk.api.tasks.page({ query: {} }))).status).toBe(403);
      expect((await outcome(kiosk.api.masterData.customers())).status).toBe(403);
      expect((await outcome(kiosk.api.kiosk.taskChoices())).status).toBe(200);
    } finally {
      await superadmin.api.roles.updatePermissions({
        body: {
          roleId: role.id,
          landingPage: '/start',
          permissions: Object.fromEntries(Object.keys(all).map((f) => [f, false])),
        },
      });
    }
  });
});

describe('kiosk tasks', () => {
  it('are only for a kiosk', async () => {
    expect((await outcome(t.api.kiosk.taskChoices())).status).toBe(401);
    const operator = await t.login('operator');
    expect((await outcome(operator.api.kiosk.taskChoices())).status).toBe(403);
    expect(
      (
        await outcome(
          operator.api.kiosk.saveTasks({
            body: [{ containerNumber: 'X', taskType: 'X', deliveryMode: 'X', fromLocation: 'X', toLocation: 'X' }],
          }),
        )
      ).status,
    ).toBe(403);
  });

  it('offer the task types, delivery modes and locations, without Slot', async () => {
    const choices = await kiosk.api.kiosk.taskChoices();
    expect(choices.taskTypes).toContain('Offloading');
    expect(choices.deliveryModes).toContain('Loaded');
    expect(choices.locations).toContain('Trailer');
    expect(choices.locations).toContain('Export Zone');
    expect(choices.locations).not.toContain('Slot');
  });

  it('offer the places and the yard zones drawn on /yard-locations by name, no more once deleted', async () => {
    // A square of 20 m west of the yard centre, away from the demo's places.
    const { latitude, longitude } = t.config.yard.yardCenter;
    const square = (west: number) =>
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ].map(([dx, dy]) => ({
        latitude: latitude + (dy! * 20) / 111_320,
        longitude: longitude - (west - dx! * 20) / 80_000,
      }));
    const stamp = Date.now().toString(36).slice(-5);
    const place = `Kiosk Shed ${stamp}`;
    const zone = `Kiosk Stacks ${stamp}`;
    const drawn = [
      await superadmin.api.yardLocations.create({
        body: { name: place, type: 'TASK_TO_LOCATION', coordinates: square(400) },
      }),
      await superadmin.api.yardLocations.create({ body: { name: zone, type: 'YARD_ZONE', coordinates: square(450) } }),
    ];
    try {
      const { locations } = await kiosk.api.kiosk.taskChoices();
      expect(locations).toEqual(expect.arrayContaining([place, zone]));
    } finally {
      for (const { location } of drawn) await superadmin.api.yardLocations.delete({ params: { id: location.id } });
    }
    const { locations } = await kiosk.api.kiosk.taskChoices();
    expect(locations).not.toContain(place);
    expect(locations).not.toContain(zone);
  });

  it("find an IGM item's containers in the yard by number and size only", async () => {
    const inYard = await addContainer(t, superadmin.auth, {
      location: 'A_5_1_1',
      igm: '5550001',
      item: '3',
      customer: CUSTOMER,
    });
    const gone = await addContainer(t, superadmin.auth, { location: 'A_5_2_1', igm: '5550001', item: '3' });
    await superadmin.api.containers.delete({ params: { n: String(gone.id) } });
    const found = await kiosk.api.kiosk.igmContainers({ query: { igmItem: '5550001:3' } });
    expect(found).toEqual({ containers: [{ containerNumber: inYard.containerNumber, sizeName: '20' }] });
    expect((await outcome(kiosk.api.kiosk.igmContainers({ query: { igmItem: '5550001' } }))).body).toMatchObject({
      message: messages.kioskIgmItemFormat,
    });
  });

  it('are saved into the yard tasks: source kiosk, assigned to ALL, the number cut to 11 characters', async () => {
    const box = await addContainer(t, superadmin.auth, { location: 'A_5_3_1', igm: '5550002', item: '1' });
    const saved = await kiosk.api.kiosk.saveTasks({
      body: [
        {
          containerNumber: `${box.containerNumber.toLowerCase()}XYZ`,
          taskType: 'Offloading',
          deliveryMode: 'Loaded',
          fromLocation: 'Trailer',
          toLocation: 'Import Zone',
        },
      ],
    });
    expect(saved.tasks).toEqual([
      {
        containerNumber: box.containerNumber,
        taskType: 'Offloading',
        deliveryMode: 'Loaded',
        fromLocation: 'Trailer',
        toLocation: 'Import Zone',
        generationDate: expect.any(Number) as number,
      },
    ]);
    const listed = await superadmin.api.tasks.page({ query: { searchText: box.containerNumber } });
    expect(listed.tasks).toEqual([
      expect.objectContaining({
        containerNumber: box.containerNumber,
        containerId: box.id,
        assignedToMachine: ALL_MACHINES,
        source: 'kiosk',
        status: 'pending',
      }),
    ]);
    // The same task again is the tasks' duplicate.
    const twice = await outcome(
      kiosk.api.kiosk.saveTasks({
        body: [
          {
            containerNumber: box.containerNumber,
            taskType: 'Offloading',
            deliveryMode: 'Loaded',
            fromLocation: 'Trailer',
            toLocation: 'Import Zone',
          },
        ],
      }),
    );
    expect(twice.status).toBe(409);
  });

  it('refuse a row the kiosk does not offer, or a container not in the yard, and save none', async () => {
    const box = await addContainer(t, superadmin.auth, { location: 'A_5_4_1' });
    const good = {
      containerNumber: box.containerNumber,
      taskType: 'Examination',
      deliveryMode: 'Crane',
      fromLocation: 'Trailer',
      toLocation: 'Examination Zone',
    };
    for (const bad of [
      { ...good, toLocation: 'Slot' },
      { ...good, taskType: 'Export Loading' },
      { ...good, deliveryMode: 'Teleport' },
    ]) {
      const refused = await outcome(kiosk.api.kiosk.saveTasks({ body: [good, bad] }));
      expect(refused.status).toBe(400);
    }
    // An all-digit "number" is a number nobody has, never a container's internal id.
    const byId = await outcome(kiosk.api.kiosk.saveTasks({ body: [{ ...good, containerNumber: String(box.id) }] }));
    expect(byId).toMatchObject({
      status: 400,
      body: { message: messages.kioskTaskContainerNotInYard(String(box.id)) },
    });
    const missing = containerNumber();
    const notInYard = await outcome(kiosk.api.kiosk.saveTasks({ body: [good, { ...good, containerNumber: missing }] }));
    expect(notInYard).toMatchObject({ status: 400, body: { message: messages.kioskTaskContainerNotInYard(missing) } });
    expect((await superadmin.api.tasks.page({ query: { searchText: box.containerNumber } })).tasks).toEqual([]);
  });
});

describe('status links', () => {
  it('are issued once per visit, show its state and place without a login, and can be revoked', async () => {
    const box = await addContainer(t, superadmin.auth, {
      location: 'A_4_1_1',
      customer: CUSTOMER,
      rfidTagId: 'E200TAG0001',
    });
    const gatein = await t.login('gatein');
    const link = await gatein.api.kiosk.issueStatusLink(
      { body: { containerId: box.id } },
      { headers: { pagepath: '/gate' } },
    );
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await superadmin.api.kiosk.issueStatusLink({ body: { containerId: box.id } })).token).toBe(link.token);

    const shown = await t.api.kiosk.track({ params: { token: link.token } });
    expect(shown).toMatchObject<Partial<ContainerTrack>>({
      containerNumber: box.containerNumber,
      status: 'In yard',
      dispatchDate: null,
    });
    expect(shown.location).toMatchObject({ location: 'A_4_1_1', area: 'A' });
    const keys = keysOf(shown);
    for (const key of PRIVATE_KEYS) expect(keys).not.toContain(key);
    expect(JSON.stringify(shown)).not.toContain(CUSTOMER);
    expect(JSON.stringify(shown)).not.toContain('E200TAG0001');

    const revoked = await superadmin.api.kiosk.revokeStatusLink({ params: { token: link.token } });
    expect(revoked.revokedAt).not.toBeNull();
    const gone = await outcome(t.api.kiosk.track({ params: { token: link.token } }));
    expect(gone).toMatchObject({ status: 404, body: { message: messages.statusLinkInvalid } });
    const next = await superadmin.api.kiosk.issueStatusLink({ body: { containerId: box.id } });
    expect(next.token).not.toBe(link.token);
    expect((await t.api.kiosk.track({ params: { token: next.token } })).status).toBe('In yard');
  });

  it('are not for the public or a kiosk to issue', async () => {
    const box = await addContainer(t, superadmin.auth, { location: 'A_4_2_1' });
    expect((await outcome(t.api.kiosk.issueStatusLink({ body: { containerId: box.id } }))).status).toBe(401);
    expect((await outcome(kiosk.api.kiosk.issueStatusLink({ body: { containerId: box.id } }))).status).toBe(403);
    const manager = await t.login('manager');
    expect((await outcome(manager.api.kiosk.issueStatusLink({ body: { containerId: box.id } }))).status).toBe(403);
  });

  it('show a dispatched visit as dispatched, with no place', async () => {
    const box = await addContainer(t, superadmin.auth, { location: 'A_4_3_1' });
    const { token } = await superadmin.api.kiosk.issueStatusLink({ body: { containerId: box.id } });
    await superadmin.api.containers.delete({ params: { n: String(box.id) } });
    // A deleted (voided) visit is no visit: its link shows nothing.
    expect((await outcome(t.api.kiosk.track({ params: { token } }))).status).toBe(404);
  });
});

describe('the public calls', () => {
  it('cannot be walked by ids or guessed tokens', async () => {
    const boxes = [
      await addContainer(t, superadmin.auth, { location: 'A_3_1_1', customer: CUSTOMER, rfidTagId: 'E200TAG0002' }),
      await addContainer(t, superadmin.auth, { location: 'A_3_2_1' }),
    ];
    // Ids, and numbers one apart, find nothing that was not asked for by its whole number.
    const byIds = await t.api.inventory.yardMap({ query: { containerNumbers: boxes.map((box) => box.id).join(',') } });
    expect(byIds.containers).toEqual([]);
    const found = await t.api.inventory.yardMap({
      query: { containerNumbers: boxes[0]!.containerNumber, medium: 'Mobile' },
    });
    const keys = keysOf(found);
    for (const key of PRIVATE_KEYS) expect(keys).not.toContain(key);
    expect(JSON.stringify(found)).not.toContain(CUSTOMER);
    expect(JSON.stringify(found)).not.toContain('E200TAG0002');
    // Tokens of the right shape that were never issued: the same 404 as a revoked one.
    for (const token of ['A'.repeat(22), 'AAAAAAAAAAAAAAAAAAAAAB', '0000000000000000000000'])
      expect(await outcome(t.api.kiosk.track({ params: { token } }))).toMatchObject({
        status: 404,
        body: { message: messages.statusLinkInvalid },
      });
  });

  it('answer injection in every field with a refusal or nothing, never a failure or a trace', async () => {
    const box = await addContainer(t, superadmin.auth, { location: 'A_3_3_1', igm: '5550003', item: '2' });
    const attacks = [
      "' OR '1'='1",
      "1:1' ; drop table containers; --",
      '<script>alert(1)</script>',
      '%',
      '_',
      '\\',
      '\u0000',
      '../../etc/passwd',
      '${7*7}',
      '😀'.repeat(50),
      'A'.repeat(5000),
    ];
    const urls = attacks.flatMap((attack) => {
      const value = encodeURIComponent(attack);
      return [
        `/rest/enterprise/containers/yard-map?containerNumbers=${value}`,
        `/rest/enterprise/containers/yard-map?containerNumbers=${box.containerNumber}&medium=${value}`,
        `/rest/enterprise/containers/status?igmNumber=${value}&itemNumber=2`,
        `/rest/enterprise/containers/status?igmNumber=5550003&itemNumber=${value}`,
        `/rest/track/${value}`,
      ];
    });
    for (const url of urls) {
      const response = await t.app.inject({ url, remoteAddress: `10.9.${urls.indexOf(url) % 250}.1` });
      const shown = url.slice(0, 120);
      // 414: an address too long for the server to read at all.
      expect([200, 400, 404, 414], shown).toContain(response.statusCode);
      expect(response.body, shown).not.toMatch(/\bat .+\.(ts|js):\d+|stack|syntax error|postgres|pglite/i);
      if (response.statusCode === 200) expect(response.body, shown).not.toContain('<script>');
    }
    for (const attack of attacks) {
      const body = {
        containerNumber: attack,
        taskType: attack,
        deliveryMode: attack,
        fromLocation: attack,
        toLocation: attack,
      };
      const refused = await t.app.inject({
        method: 'POST',
        url: '/rest/kiosk/tasks',
        headers: kiosk.auth,
        payload: [body],
      });
      expect([400]).toContain(refused.statusCode);
      const igm = await t.app.inject({
        url: `/rest/kiosk/igm-containers?igmItem=${encodeURIComponent(attack)}`,
        headers: kiosk.auth,
      });
      expect([200, 400]).toContain(igm.statusCode);
    }
    // The yard is as it was.
    const still = await t.api.containers.status({ query: { igmNumber: '5550003', itemNumber: '2' } });
    expect(still.responseMap.containerStatusList.map((row) => row.containerNumber)).toEqual([box.containerNumber]);
  });
});

// The limits, on a server of their own with small budgets.
describe('the public calls’ limits', () => {
  let limited: TestApp;
  let staff: Awaited<ReturnType<TestApp['login']>>;
  beforeAll(async () => {
    limited = await createTestApp({
      env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '5', PUBLIC_GLOBAL_RATE_LIMIT_PER_MINUTE: '40' },
    });
    staff = await limited.login('operator');
  });
  afterAll(() => limited.close());

  const ask = (remoteAddress: string, url: string) => limited.app.inject({ url, remoteAddress });
  const CALLS = [
    '/rest/enterprise/containers/yard-map?containerNumbers=MSCU1234566&medium=Kiosk',
    '/rest/enterprise/containers/status?igmNumber=1&itemNumber=1',
    `/rest/track/${'B'.repeat(22)}`,
  ];

  it('give each client one budget for all public calls, then refuse it alone', async () => {
    const statuses = [];
    for (let index = 0; index < 7; index += 1) statuses.push((await ask('10.1.0.1', CALLS[index % 3]!)).statusCode);
    expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const refused = await ask('10.1.0.1', CALLS[0]!);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: messages.publicRateLimited });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not refused for it.
    expect((await ask('10.1.0.2', CALLS[0]!)).statusCode).toBe(200);
  });

  it('refuse everybody past the global budget while the staff calls go on', async () => {
    // A flood from many addresses at once; the staff's calls meanwhile.
    const flood = Array.from({ length: 240 }, (_, index) => ask(`10.2.${index % 60}.1`, CALLS[index % 3]!));
    const started = performance.now();
    const staffCalls = await Promise.all([
      outcome(staff.api.containers.inYard({ query: {} })),
      outcome(staff.api.tasks.page({ query: {} })),
    ]);
    const staffMs = performance.now() - started;
    const answers = await Promise.all(flood);
    for (const call of staffCalls) expect(call.status).toBe(200);
    const refusedBusy = answers.filter(
      (answer) => answer.statusCode === 429 && answer.json<{ message: string }>().message === messages.publicBusy,
    );
    const served = answers.filter((answer) => answer.statusCode !== 429);
    // The first test's clients took 6 of the 40.
    expect(served.length).toBeLessThanOrEqual(40);
    expect(served.length).toBeGreaterThan(0);
    expect(refusedBusy.length).toBeGreaterThan(0);
    // Measured, not asserted (timing depends on the machine): how long the staff waited.
    console.info(
      `flood of ${flood.length} public calls: ${served.length} served, staff calls answered in ${staffMs.toFixed(0)} ms`,
    );
    // A new address is refused too, until the minute is over: the budget is everybody's.
    expect((await ask('10.3.0.1', CALLS[0]!)).statusCode).toBe(429);
    expect((await outcome(staff.api.containers.inYard({ query: {} }))).status).toBe(200);
  });
});
