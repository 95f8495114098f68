// Device health by the age of the last message (spec 1 §4, spec 2 §4, spec 3 §4).
export type HealthStatus = 'OK' | 'Idle' | 'NOK';

export interface HealthThresholds {
  readerIdleAfterMs: number;
  readerNokAfterMs: number;
  machineStaleAfterMs: number;
}

export const DEFAULT_HEALTH_THRESHOLDS: HealthThresholds = {
  readerIdleAfterMs: 60_000,
  readerNokAfterMs: 60 * 60_000,
  machineStaleAfterMs: 300_000,
};

// Over 1 hour: NOK; over 1 minute up to 1 hour: Idle; otherwise OK. Never heard from: NOK.
export function readerHealth(
  lastReceivedMs: number | null,
  nowMs: number,
  thresholds = DEFAULT_HEALTH_THRESHOLDS,
): HealthStatus {
  if (lastReceivedMs === null) return 'NOK';
  const age = nowMs - lastReceivedMs;
  if (age > thresholds.readerNokAfterMs) return 'NOK';
  if (age > thresholds.readerIdleAfterMs) return 'Idle';
  return 'OK';
}

// NOK if any reader is NOK, else Idle if any is Idle, else OK. A gate without readers is OK.
export function gateHealth(readers: readonly HealthStatus[]): HealthStatus {
  if (readers.includes('NOK')) return 'NOK';
  if (readers.includes('Idle')) return 'Idle';
  return 'OK';
}

export type MachineColour = 'red' | 'orange' | 'green' | 'grey';

// A machine whose status is Break-Down (any case) is out of work: red on the maps, never the nearest
// machine for a task (spec 2 §4, spec 3 §5).
export function isBrokenDown(status: string | null): boolean {
  return status !== null && status.toLowerCase() === 'break-down';
}

// Red when Break-Down; orange when no data for more than 5 minutes; green when newer; grey otherwise.
export function machineColour(
  status: string | null,
  lastReceivedMs: number | null,
  nowMs: number,
  thresholds = DEFAULT_HEALTH_THRESHOLDS,
): MachineColour {
  if (isBrokenDown(status)) return 'red';
  if (lastReceivedMs === null) return 'grey';
  return nowMs - lastReceivedMs > thresholds.machineStaleAfterMs ? 'orange' : 'green';
}
