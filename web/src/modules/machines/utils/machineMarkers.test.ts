import { describe, expect, it } from 'vitest';
import type { Machine } from '@openyard/contracts';
import { machineMarkers } from './machineMarkers';

const NOW = 1_800_000_000_000;
const machine = (id: number, overrides: Partial<Machine> = {}): Machine => ({
  id,
  machineName: `M-${id}`,
  machineType: 'Reach-Stacker',
  machineStatus: 'Working',
  isrfidInstalled: false,
  zone: null,
  yardZone: null,
  position: { latitude: 18.95, longitude: 72.95 },
  lastDataReceived: NOW - 1_000,
  status: 'green',
  mqttUsername: `machine-${id}`,
  ...overrides,
});

describe('machine markers', () => {
  it('labels the machines A to Z without Y by the order they were added, then AA', () => {
    const machines = Array.from({ length: 27 }, (_, index) => machine(100 - index));
    const markers = machineMarkers(machines, NOW);
    expect(markers.map((marker) => marker.id)).toEqual(machines.map((m) => m.id).sort((a, b) => a - b));
    expect(markers.map((marker) => marker.label).join(' ')).toBe(
      'A B C D E F G H I J K L M N O P Q R S T U V W X Z AA AB',
    );
  });

  it('colours by age at the moment given, not by the colour the server sent', () => {
    const heard = machine(1, { lastDataReceived: NOW - 299_000, status: 'green' });
    expect(machineMarkers([heard], NOW)[0]!.colour).toBe('green');
    // Two seconds later, with no message, the same machine is past 300,000 ms: orange.
    expect(machineMarkers([heard], NOW + 2_000)[0]!.colour).toBe('orange');
    // The threshold of the yard's configuration (metadata) when given.
    expect(machineMarkers([heard], NOW, 60_000)[0]!.colour).toBe('orange');
  });

  it('is red on Break-Down, grey when never heard from, and has no position until it reports one', () => {
    const [broken, silent] = machineMarkers(
      [machine(1, { machineStatus: 'Break-Down' }), machine(2, { lastDataReceived: null, position: null })],
      NOW,
    );
    expect(broken).toMatchObject({ colour: 'red', position: [72.95, 18.95], detail: 'Reach-Stacker · Break-Down' });
    expect(silent).toMatchObject({ colour: 'grey', position: null });
  });
});
