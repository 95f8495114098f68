import type { Machine, MachineColour } from '@openyard/contracts';

// The order a control room reads machines in: broken down, gone quiet, never heard, working.
export const MACHINE_COLOUR_ORDER: readonly MachineColour[] = ['red', 'orange', 'grey', 'green'];

export interface MachineStatusSummary {
  counts: Record<MachineColour, number>;
  // Every machine, the ones that need attention first, then by name.
  machines: Machine[];
}

// The machines tile's figures from the machines list the server keeps coloured (spec 2 §4: red
// Break-Down, orange no data for 5 minutes, green data within 5 minutes, grey no data yet).
export function machineStatusSummary(machines: readonly Machine[]): MachineStatusSummary {
  const counts: Record<MachineColour, number> = { red: 0, orange: 0, grey: 0, green: 0 };
  for (const machine of machines) counts[machine.status] += 1;
  const rank = (machine: Machine) => MACHINE_COLOUR_ORDER.indexOf(machine.status);
  const sorted = [...machines].sort(
    (a, b) => rank(a) - rank(b) || a.machineName.localeCompare(b.machineName, undefined, { numeric: true }),
  );
  return { counts, machines: sorted };
}
