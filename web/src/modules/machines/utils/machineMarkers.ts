import { DEFAULT_HEALTH_THRESHOLDS, machineColour, machineLabels, type Machine } from '@openyard/contracts';
import type { MapMarker } from './MapMarker';

// The machines' markers at `now`: labels A–Z without Y by the order they were added (spec 2 §9),
// the status colour by the one rule of contracts (spec 2 §4) worked out at `now`, so that a marker
// turns orange as time passes on an open screen, not only when a message comes.
export function machineMarkers(
  machines: readonly Machine[],
  now: number,
  staleAfterMs = DEFAULT_HEALTH_THRESHOLDS.machineStaleAfterMs,
): MapMarker[] {
  const labels = machineLabels(machines.map((machine) => machine.id));
  const thresholds = { ...DEFAULT_HEALTH_THRESHOLDS, machineStaleAfterMs: staleAfterMs };
  return machines
    .map((machine): MapMarker => ({
      id: machine.id,
      label: labels.get(machine.id)!,
      name: machine.machineName,
      detail: `${machine.machineType} · ${machine.machineStatus}`,
      colour: machineColour(machine.machineStatus, machine.lastDataReceived, now, thresholds),
      position: machine.position ? [machine.position.longitude, machine.position.latitude] : null,
      lastDataReceived: machine.lastDataReceived,
    }))
    .sort((a, b) => a.id - b.id);
}
