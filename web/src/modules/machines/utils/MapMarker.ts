import type { MachineColour } from '@openyard/contracts';

// A machine or an ITV as the yard map draws it: where it is ([longitude, latitude], null when it has
// not reported a position), its label, its status colour at this moment, and what its tooltip says.
export interface MapMarker {
  id: number;
  label: string;
  name: string;
  detail: string;
  colour: MachineColour;
  position: [number, number] | null;
  lastDataReceived: number | null;
}
