import { describe, expect, it } from 'vitest';
import { slotGeoPosition, type YardLayout } from '@openyard/contracts';
import { queuedTasks } from './devices/machine';
import { jobOf, slotTarget } from './machine-work';

const corners = [
  { latitude: 18.95, longitude: 72.95 },
  { latitude: 18.95, longitude: 72.951 },
  { latitude: 18.949, longitude: 72.951 },
  { latitude: 18.949, longitude: 72.95 },
];
const layout: YardLayout = {
  slotFormat: 'area_row_column_height',
  startHeight: 1,
  portStyleColumnNumbers: false,
  areaLayouts: [
    {
      areaId: 1,
      name: 'A',
      maxHeight: 4,
      totalSlots: 8,
      heightNames: ['1', '2', '3', '4'],
      cellNames: [
        { name: '01', index: 1, merged: false },
        { name: '02', index: 2, merged: false },
      ],
      rowLayouts: [
        { id: 1, name: '01', index: 1, cellLayouts: [] },
        { id: 2, name: '02', index: 2, cellLayouts: [] },
      ],
      corners,
    },
    {
      ...{ areaId: 2, name: 'B', maxHeight: 2, totalSlots: 1, heightNames: ['1', '2'] },
      cellNames: [],
      rowLayouts: [],
      corners: null,
    },
  ],
};
const gate = { latitude: 18.948, longitude: 72.9505 };
const task = (changes: {
  fromLocation?: string | null;
  toLocation?: string | null;
  toLocationDetails?: string | null;
  containerNumber?: string;
}) => ({
  taskId: 5,
  containerNumber: 'MSCU1234565',
  fromLocation: null,
  toLocation: null,
  toLocationDetails: null,
  ...changes,
});

describe('where a simulated machine drops a box', () => {
  it('is the middle of the named slot, at its height name', () => {
    const target = slotTarget(layout, 'A_02_01_3')!;
    expect(target.height).toBe(3);
    expect(target.point).toEqual(slotGeoPosition(corners, { rows: 2, columns: 2 }, { row: 2, column: 1 }));
  });

  it('is nothing for a cell without height, an unknown area or one without corners', () => {
    expect(slotTarget(layout, 'A_02_01')).toBeNull();
    expect(slotTarget(layout, 'C_01_01_1')).toBeNull();
    expect(slotTarget(layout, 'B_01_01_1')).toBeNull();
    expect(slotTarget(layout, 'A_09_01_1')).toBeNull();
  });
});

describe("a machine's job for a task", () => {
  it('picks where the task says and drops in the slot of Slot', () => {
    const job = jobOf(task({ fromLocation: 'A_01_01_1', toLocation: 'Slot', toLocationDetails: 'A_01_02_2' }), layout, {
      containerAt: null,
      gate,
    })!;
    expect(job.from).toEqual(slotTarget(layout, 'A_01_01_1')!.point);
    expect(job.to).toMatchObject({ kind: 'slot', height: 2, location: 'A_01_02_2' });
  });

  it("picks a box on a trailer where it stands, else at the gate, and takes a gate task's slot", () => {
    const standing = { latitude: 18.9495, longitude: 72.9502 };
    const gateTask = task({ fromLocation: 'Trailer', toLocation: 'A_02_02_1' });
    expect(jobOf(gateTask, layout, { containerAt: standing, gate })!.from).toEqual(standing);
    expect(jobOf(gateTask, layout, { containerAt: null, gate })!.from).toEqual(gate);
    expect(jobOf(gateTask, layout, { containerAt: null, gate })!.to).toMatchObject({
      kind: 'slot',
      location: 'A_02_02_1',
    });
  });

  it('takes an export box to the trailer at the gate, and a zone on the terminal', () => {
    expect(
      jobOf(task({ fromLocation: 'A_01_01_1', toLocation: 'Trailer' }), layout, { containerAt: null, gate })!.to,
    ).toEqual({
      kind: 'trailer',
      point: gate,
    });
    expect(jobOf(task({ toLocation: 'Export Zone' }), layout, { containerAt: null, gate })!.to).toMatchObject({
      kind: 'zone',
      name: 'Export Zone',
    });
  });

  it('leaves alone what it cannot do: no target, Slot without a slot, a number that is not 11 long', () => {
    expect(jobOf(task({}), layout, { containerAt: null, gate })).toBeNull();
    expect(
      jobOf(task({ toLocation: 'Slot', toLocationDetails: 'nowhere' }), layout, { containerAt: null, gate }),
    ).toBeNull();
    expect(
      jobOf(task({ toLocation: 'Trailer', containerNumber: 'MSCU12' }), layout, { containerAt: null, gate }),
    ).toBeNull();
  });
});

describe('a queue snapshot on MQTT', () => {
  it('wakes an idle machine only when it holds tasks', () => {
    const snapshot = (tasks: unknown[]) =>
      Buffer.from(
        JSON.stringify({
          machineId: 1,
          machineName: 'RS-01',
          machineStatus: 'Working',
          tasks,
          totalCount: tasks.length,
          timestamp: 1,
        }),
      );
    expect(queuedTasks(snapshot([{ taskId: 1 }, { taskId: 2 }]))).toBe(2);
    expect(queuedTasks(snapshot([]))).toBe(0);
    expect(queuedTasks(Buffer.from('not json'))).toBe(0);
  });
});
