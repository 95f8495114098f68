import { describe, expect, it } from 'vitest';
import type { LiveTopicMessage, Machine } from '@openyard/contracts';
import { REFETCH } from '../../../live/utils/LiveCollection';
import { withMachineChange } from './withMachineChange';

const machine: Machine = {
  id: 4,
  machineName: 'RS-01',
  machineType: 'Reach-Stacker',
  machineStatus: 'Working',
  isrfidInstalled: false,
  zone: null,
  position: null,
  lastDataReceived: null,
  status: 'grey',
  mqttUsername: 'machine-4',
};
const envelope = { topic: 'machines', eventId: 'e', at: 1 } as const;

describe('withMachineChange', () => {
  it('moves a known machine and changes its status', () => {
    const position = { latitude: 1, longitude: 2 };
    const moved = withMachineChange([machine], {
      ...envelope,
      type: 'machine.position.v1',
      data: { machineId: 4, position, machineStatus: 'Working', status: 'green', lastDataReceived: 9 },
    } satisfies LiveTopicMessage<'machines'>);
    expect(moved).toEqual([{ ...machine, position, status: 'green', lastDataReceived: 9 }]);
    const broken = withMachineChange([machine], {
      ...envelope,
      type: 'machine.status.v1',
      data: { machineId: 4, machineStatus: 'Break-Down', status: 'red' },
    });
    expect(broken).toEqual([{ ...machine, machineStatus: 'Break-Down', status: 'red' }]);
  });

  it('reloads for a machine it does not know', () => {
    expect(
      withMachineChange([machine], {
        ...envelope,
        type: 'machine.status.v1',
        data: { machineId: 5, machineStatus: 'Working', status: 'green' },
      }),
    ).toBe(REFETCH);
  });
});
