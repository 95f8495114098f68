import type { LiveTopicMessage, Machine } from '@openyard/contracts';
import { REFETCH } from '../../../live/utils/LiveCollection';

// A machine's position or status as telemetry moves it (topic `machines`), on the machines the
// allocation screen knows: where each machine is decides the row colours (spec 2 §4). A machine not
// in the list (added meanwhile) reloads it.
export function withMachineChange(
  machines: Machine[],
  message: LiveTopicMessage<'machines'>,
): Machine[] | typeof REFETCH {
  const index = machines.findIndex((machine) => machine.id === message.data.machineId);
  if (index < 0) return REFETCH;
  const machine = machines[index]!;
  const next: Machine =
    message.type === 'machine.position.v1'
      ? {
          ...machine,
          position: message.data.position,
          machineStatus: message.data.machineStatus,
          status: message.data.status,
          lastDataReceived: message.data.lastDataReceived,
        }
      : { ...machine, machineStatus: message.data.machineStatus, status: message.data.status };
  const result = [...machines];
  result[index] = next;
  return result;
}
