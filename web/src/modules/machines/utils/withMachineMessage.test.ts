import { describe, expect, it } from 'vitest';
import type { LiveTopicMessage, Machine } from '@openyard/contracts';
import { withMachineMessage } from './withMachineMessage';

const machine = (id: number, overrides: Partial<Machine> = {}): Machine => ({
  id,
  machineName: `M-${id}`,
  machineType: 'Fork-Lift',
  machineStatus: 'Working',
  isrfidInstalled: false,
  zone: null,
  yardZone: null,
  position: { latitude: 18.95, longitude: 72.95 },
  lastDataReceived: 1_000,
  status: 'green',
  mqttUsername: `machine-${id}`,
  ...overrides,
});
const envelope = { topic: 'machines', eventId: 'e', at: 1 };

describe('machines after a live message', () => {
  it('moves the machine a position names, unless it shows a newer one', () => {
    const moved: LiveTopicMessage<'machines'> = {
      ...envelope,
      type: 'machine.position.v1',
      data: {
        machineId: 2,
        position: { latitude: 18.96, longitude: 72.96 },
        machineStatus: 'Working',
        status: 'green',
        yardZone: null,
        lastDataReceived: 2_000,
      },
    };
    const next = withMachineMessage([machine(1), machine(2)], moved);
    expect(next[0]).toEqual(machine(1));
    expect(next[1]).toMatchObject({ position: { latitude: 18.96, longitude: 72.96 }, lastDataReceived: 2_000 });
    const newer = machine(2, { lastDataReceived: 3_000 });
    expect(withMachineMessage([newer], moved)).toEqual([newer]);
  });

  it('takes a status the server worked out, and adds or replaces a machine saved anywhere', () => {
    const status: LiveTopicMessage<'machines'> = {
      ...envelope,
      type: 'machine.status.v1',
      data: { machineId: 1, machineStatus: 'Working', status: 'orange' },
    };
    expect(withMachineMessage([machine(1)], status)[0]).toMatchObject({ status: 'orange' });
    const added = machine(3, { machineName: 'RS-NEW', position: null, lastDataReceived: null });
    const saved = (changed: Machine): LiveTopicMessage<'machines'> => ({
      ...envelope,
      type: 'machine.changed.v1',
      data: { machine: changed },
    });
    expect(withMachineMessage([machine(1)], saved(added)).map((m) => m.id)).toEqual([1, 3]);
    const broken = machine(1, { machineStatus: 'Break-Down', status: 'red' });
    expect(withMachineMessage([machine(1)], saved(broken))).toEqual([broken]);
    // An edit read before the latest position does not move the marker back.
    const stale = machine(1, {
      machineName: 'Renamed',
      position: { latitude: 1, longitude: 1 },
      lastDataReceived: 500,
    });
    expect(withMachineMessage([machine(1)], saved(stale))[0]).toMatchObject({
      machineName: 'Renamed',
      position: { latitude: 18.95, longitude: 72.95 },
      lastDataReceived: 1_000,
    });
  });
});
