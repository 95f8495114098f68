import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceUsername, machineLabel, messages, type LiveMessage } from '@openyard/contracts';
import { outcome } from '../../test/api-client';
import { connectLive, listenOnLoopback } from '../../test/live-socket';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let baseUrl: string;
let superadmin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenOnLoopback(t);
  superadmin = await t.login('superadmin');
});
afterAll(() => t.close());

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();

// The refusal's status, words and the form field they are about.
const refusal = async (call: Promise<unknown>) => {
  const { status, body } = await outcome(call);
  const { message, field } = body as { message?: string; field?: string };
  return { status, message, field };
};

describe('machines', () => {
  it('adds a machine with its device login once, edits it, and lists it with its colour', async () => {
    const name = unique('RS');
    const added = await superadmin.api.machines.save({
      body: { machineName: ` ${name} `, machineType: 'Reach-Stacker' },
    });
    expect(added.machine).toMatchObject({
      machineName: name,
      machineType: 'Reach-Stacker',
      machineStatus: 'Working',
      position: null,
      lastDataReceived: null,
      status: 'grey',
      mqttUsername: deviceUsername('machine', added.machine.id),
    });
    expect(added.credentials).toMatchObject({ mqttUsername: deviceUsername('machine', added.machine.id) });
    expect(added.credentials!.mqttPassword.length).toBeGreaterThanOrEqual(20);

    const edited = await superadmin.api.machines.save({
      body: { id: added.machine.id, machineName: name, machineType: 'Fork-Lift', machineStatus: 'Break-Down' },
    });
    // An edit issues no new login, and Break-Down is red whatever the data (spec 2 §4).
    expect(edited.credentials).toBeUndefined();
    expect(edited.machine).toMatchObject({ machineType: 'Fork-Lift', machineStatus: 'Break-Down', status: 'red' });
    const listed = await superadmin.api.machines.list();
    expect(listed.find((machine) => machine.id === added.machine.id)).toEqual(edited.machine);
    const { locations } = await superadmin.api.machines.locations();
    expect(locations.find((location) => location.machineId === added.machine.id)).toMatchObject({
      machineName: name,
      machineTypeName: 'Fork-Lift',
      status: 'Break-Down',
      statusColour: 'red',
      position: null,
    });
  });

  it('answers a taken machine name in any case, on its field, and says so before the save', async () => {
    const name = unique('RTG');
    const { machine } = await superadmin.api.machines.save({
      body: { machineName: name, machineType: 'Reach-Stacker' },
    });
    const duplicate = { machineName: name.toLowerCase(), machineType: 'Reach-Stacker' };
    expect(await refusal(superadmin.api.machines.save({ body: duplicate }))).toEqual({
      status: 409,
      message: messages.machineNameTaken,
      field: 'machineName',
    });
    // The check on blur: taken by another machine, not by the machine being edited.
    expect(await superadmin.api.machines.nameTaken({ query: { machineName: name.toLowerCase() } })).toEqual({
      taken: true,
    });
    expect(await superadmin.api.machines.nameTaken({ query: { machineName: name, id: machine.id } })).toEqual({
      taken: false,
    });
    expect(await superadmin.api.machines.nameTaken({ query: { machineName: unique('FREE') } })).toEqual({
      taken: false,
    });
    // Renaming another machine to it is refused the same way.
    const other = await superadmin.api.machines.save({ body: { machineName: unique('FL'), machineType: 'Fork-Lift' } });
    expect(
      await refusal(
        superadmin.api.machines.save({ body: { id: other.machine.id, machineName: name, machineType: 'Fork-Lift' } }),
      ),
    ).toMatchObject({ status: 409, field: 'machineName' });
    expect(
      await refusal(
        superadmin.api.machines.save({ body: { id: 999_999, machineName: unique('X'), machineType: 'Fork-Lift' } }),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await refusal(superadmin.api.machines.save({ body: { machineName: '   ', machineType: 'Fork-Lift' } })),
    ).toMatchObject({ status: 400, field: 'machineName' });
  });

  it('brings a saved machine to the machines topic', async () => {
    const live = await connectLive<LiveMessage>(t, baseUrl, 'superadmin');
    await live.subscribe(['machines']);
    const name = unique('EH');
    const { machine } = await superadmin.api.machines.save({
      body: { machineName: name, machineType: 'Empty Handler' },
    });
    await live.until(() =>
      live.received.some(
        (message) => message.type === 'machine.changed.v1' && message.data.machine.machineName === name,
      ),
    );
    const message = live.received.find((m) => m.type === 'machine.changed.v1' && m.data.machine.id === machine.id);
    expect(message).toMatchObject({ topic: 'machines', data: { machine } });
    live.socket.close();
  });

  it('answers the yard-map print object: every machine as a labelled marker, the yard outline, title and file name', async () => {
    const first = await superadmin.api.machines.save({ body: { machineName: unique('PR'), machineType: 'Fork-Lift' } });
    const printed = await superadmin.api.machines.yardMap({ body: {} });
    expect(printed.responsestatus).toBe('success');
    const { printObject } = printed.responseMap;
    expect(printObject.imageName).toMatch(/^machines-yard-map-\d{4}-\d{2}-\d{2}-\d{6}\.png$/);
    expect(printObject.title).toMatch(/^Machines on the yard map · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(.+\)$/);
    const all = await superadmin.api.machines.list();
    // Labels A, B, C ... by the order machines were added (spec 2 §9).
    const ids = all.map((machine) => machine.id).sort((a, b) => a - b);
    expect(printObject.dataprovider.map((marker) => [marker.machineId, marker.label])).toEqual(
      ids.map((id, index) => [id, machineLabel(index)]),
    );
    expect(printObject.dataprovider.find((marker) => marker.machineId === first.machine.id)).toEqual({
      machineId: first.machine.id,
      label: machineLabel(ids.indexOf(first.machine.id)),
      markerImageName: 'marker-grey',
      machineName: first.machine.machineName,
      machineTypeName: 'Fork-Lift',
      machineStatusName: 'Working',
      statusColour: 'grey',
      lastDataReceivedTime: null,
      position: null,
    });
    // The demo yard's areas have surveyed corners: the outline is theirs.
    const layout = await superadmin.api.yard.layout();
    const surveyed = layout.areaLayouts.filter((area) => area.corners);
    expect(surveyed.length).toBeGreaterThan(0);
    expect(printObject.areas).toEqual(surveyed.map((area) => ({ name: area.name, corners: area.corners })));

    // Only the machines asked for, keeping the labels they have on screen.
    const one = await superadmin.api.machines.yardMap({ body: { machineIds: [first.machine.id] } });
    expect(one.responseMap.printObject.dataprovider.map((marker) => marker.label)).toEqual([
      machineLabel(ids.indexOf(first.machine.id)),
    ]);
  });

  it('lets whoever sees machines read them, and only the screen’s admins save', async () => {
    const manager = await t.login('manager');
    expect(await refusal(manager.api.machines.list())).toMatchObject({ status: 403 });
    expect(await refusal(manager.api.machines.yardMap({ body: {} }))).toMatchObject({ status: 403 });
    expect(await refusal(t.api.machines.nameTaken({ query: { machineName: 'RS-01' } }))).toMatchObject({ status: 401 });
  });
});

describe('ITVs', () => {
  it('answers a taken ITV number and a taken trailer number each in its own words and field, in any case', async () => {
    const itvNumber = unique('ITV');
    const trailerNumber = unique('TR');
    const first = await superadmin.api.machines.createItv({ body: { itvNumber, trailerNumber } });
    expect(first.itv).toMatchObject({ itvNumber, trailerNumber, deviceInstalled: true, status: 'grey' });
    expect(first.credentials?.mqttUsername).toBe(deviceUsername('itv', first.itv.id));

    const otherTrailer = unique('TR');
    expect(
      await refusal(
        superadmin.api.machines.createItv({
          body: { itvNumber: itvNumber.toLowerCase(), trailerNumber: otherTrailer },
        }),
      ),
    ).toEqual({ status: 409, message: messages.itvNumberTaken, field: 'itvNumber' });
    const otherNumber = unique('ITV');
    expect(
      await refusal(
        superadmin.api.machines.createItv({
          body: { itvNumber: otherNumber, trailerNumber: trailerNumber.toLowerCase() },
        }),
      ),
    ).toEqual({ status: 409, message: messages.itvTrailerTaken, field: 'trailerNumber' });

    const second = await superadmin.api.machines.createItv({
      body: { itvNumber: otherNumber, trailerNumber: otherTrailer },
    });
    const moved = { id: second.itv.id, itvNumber: otherNumber, trailerNumber };
    expect(await refusal(superadmin.api.machines.updateItv({ body: moved }))).toEqual({
      status: 409,
      message: messages.itvTrailerTaken,
      field: 'trailerNumber',
    });

    // The check before the save names which of the two is taken, not counting the ITV edited.
    expect(
      await superadmin.api.machines.itvNumbersTaken({
        query: { itvNumber: itvNumber.toLowerCase(), trailerNumber: unique('FREE') },
      }),
    ).toEqual({ itvNumberTaken: true, trailerNumberTaken: false });
    expect(
      await superadmin.api.machines.itvNumbersTaken({ query: { itvNumber, trailerNumber, id: first.itv.id } }),
    ).toEqual({ itvNumberTaken: false, trailerNumberTaken: false });
    expect(await superadmin.api.machines.itvNumbersTaken({ query: { trailerNumber } })).toEqual({
      itvNumberTaken: false,
      trailerNumberTaken: true,
    });
  });

  it('edits an ITV, pages the list, and deletes several by comma-joined ids', async () => {
    const created = [];
    for (let i = 0; i < 3; i += 1)
      created.push(
        (await superadmin.api.machines.createItv({ body: { itvNumber: unique('P'), trailerNumber: unique('Q') } })).itv,
      );
    const [a, b, c] = created as [(typeof created)[number], (typeof created)[number], (typeof created)[number]];
    const updated = await superadmin.api.machines.updateItv({
      body: { id: a.id, itvNumber: `${a.itvNumber}-X`, trailerNumber: a.trailerNumber, deviceInstalled: false },
    });
    expect(updated.itv).toMatchObject({ id: a.id, itvNumber: `${a.itvNumber}-X`, deviceInstalled: false });
    expect(
      await refusal(superadmin.api.machines.updateItv({ body: { itvNumber: 'N', trailerNumber: 'T' } })),
    ).toMatchObject({
      status: 400,
    });

    const all = await superadmin.api.machines.itvs({ query: { skip: 1, limit: 1000 } });
    const page = await superadmin.api.machines.itvs({ query: { skip: 2, limit: 2 } });
    expect(page.totalCount).toBe(all.totalCount);
    expect(page.itvs.map((itv) => itv.id)).toEqual(all.itvs.slice(1, 3).map((itv) => itv.id));

    const deleted = await superadmin.api.machines.deleteItvs({ query: { ids: `${b.id},${c.id}` } });
    expect(deleted).toEqual({ responsestatus: 'success', message: messages.itvsDeleted(2) });
    const after = await superadmin.api.machines.itvs({ query: { skip: 1, limit: 1000 } });
    expect(after.itvs.map((itv) => itv.id)).not.toContain(b.id);
    expect(after.itvs.map((itv) => itv.id)).toContain(a.id);
    expect(after.totalCount).toBe(all.totalCount - 2);
    expect(await refusal(superadmin.api.machines.deleteItvs({ query: { ids: `${a.id},x` } }))).toEqual({
      status: 400,
      message: messages.idsInvalid,
      field: 'ids',
    });
  });

  it('brings added, edited and deleted ITVs to the itvs topic', async () => {
    const live = await connectLive<LiveMessage>(t, baseUrl, 'superadmin');
    await live.subscribe(['itvs']);
    const { itv } = await superadmin.api.machines.createItv({
      body: { itvNumber: unique('L'), trailerNumber: unique('M') },
    });
    await superadmin.api.machines.deleteItvs({ query: { ids: String(itv.id) } });
    const changes = () =>
      live.received.filter((m) => m.type === 'itv.changed.v1' && m.data.itvId === itv.id) as Extract<
        LiveMessage,
        { type: 'itv.changed.v1' }
      >[];
    await live.until(() => changes().length === 2);
    expect(changes().map((m) => m.data.itv)).toEqual([itv, null]);
    live.socket.close();
  });
});

describe('ITV delete in the community edition', () => {
  it('is refused as a locked enterprise feature (spec 2 §6), and nothing is deleted', async () => {
    const community = await createTestApp({ env: { EDITION: 'community' } });
    try {
      const admin = await community.login('superadmin');
      const { itv } = await admin.api.machines.createItv({ body: { itvNumber: 'C-1', trailerNumber: 'C-T1' } });
      const { status, body } = await outcome(admin.api.machines.deleteItvs({ query: { ids: String(itv.id) } }));
      expect({ status, body }).toMatchObject({
        status: 403,
        body: { code: 'LOCKED_FEATURE', message: messages.lockedFeature },
      });
      expect((await admin.api.machines.itvs({ query: {} })).itvs.map((row) => row.id)).toEqual([itv.id]);
    } finally {
      await community.close();
    }
  });
});
