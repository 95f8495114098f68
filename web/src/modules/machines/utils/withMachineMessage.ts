import type { LiveTopicMessage, Machine } from '@openyard/contracts';

// The machines after a message of the `machines` topic: a position (telemetry), a status colour
// worked out by the server's ageing, or a machine added or edited. A message about a machine the
// list does not hold changes nothing but an added one, which is appended.
export function withMachineMessage(machines: Machine[], message: LiveTopicMessage<'machines'>): Machine[] {
  switch (message.type) {
    case 'machine.position.v1': {
      const { machineId, position, yardZone, machineStatus, status, lastDataReceived } = message.data;
      return machines.map((machine) =>
        machine.id === machineId && (machine.lastDataReceived ?? 0) <= lastDataReceived
          ? { ...machine, position, yardZone, machineStatus, status, lastDataReceived }
          : machine,
      );
    }
    case 'machine.status.v1': {
      const { machineId, machineStatus, status } = message.data;
      return machines.map((machine) => (machine.id === machineId ? { ...machine, machineStatus, status } : machine));
    }
    case 'machine.changed.v1': {
      const changed = message.data.machine;
      if (!machines.some((machine) => machine.id === changed.id)) return [...machines, changed];
      return machines.map((machine) =>
        machine.id === changed.id
          ? // An edit does not move the machine: a newer position already shown is kept.
            (machine.lastDataReceived ?? 0) > (changed.lastDataReceived ?? 0)
            ? {
                ...changed,
                position: machine.position,
                yardZone: machine.yardZone,
                lastDataReceived: machine.lastDataReceived,
              }
            : changed
          : machine,
      );
    }
  }
}
