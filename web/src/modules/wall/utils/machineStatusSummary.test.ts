import { describe, expect, it } from 'vitest';
import type { Machine, MachineColour } from '@openyard/contracts';
import { machineStatusSummary } from './machineStatusSummary';

const machine = (id: number, machineName: string, status: MachineColour): Machine => ({
  id,
  machineName,
  machineType: 'Reach-Stacker',
  machineStatus: status === 'red' ? 'Break-Down' : 'Working',
  isrfidInstalled: true,
  zone: null,
  yardZone: null,
  position: null,
  lastDataReceived: null,
  status,
  mqttUsername: `machine-${id}`,
});

describe('machineStatusSummary', () => {
  it('counts by colour and lists broken-down, quiet, unheard, then working machines, by name', () => {
    const summary = machineStatusSummary([
      machine(1, 'RS-10', 'green'),
      machine(2, 'RS-2', 'green'),
      machine(3, 'RS-3', 'orange'),
      machine(4, 'FL-1', 'red'),
      machine(5, 'EH-1', 'grey'),
    ]);
    expect(summary.counts).toEqual({ red: 1, orange: 1, grey: 1, green: 2 });
    expect(summary.machines.map((shown) => shown.machineName)).toEqual(['FL-1', 'RS-3', 'EH-1', 'RS-2', 'RS-10']);
  });
});
