import type { RouteOutput, Routes } from '@openyard/contracts';

// A machine as GET /rest/tasks/machine-locations gives it (spec 3 §3 Machine location).
export type MachinePlace = RouteOutput<Routes['machines']['locations']>['locations'][number];

// What nearestMachine of contracts weighs: name, status (Break-Down ones are skipped), position.
export function nearestMachineCandidates(places: readonly MachinePlace[]) {
  return places.map((place) => ({
    machineName: place.machineName,
    machineStatus: place.status,
    position: place.position,
  }));
}
