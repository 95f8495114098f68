import { DEFAULT_HEALTH_THRESHOLDS, machineColour, type Itv } from '@openyard/contracts';
import type { MapMarker } from '../../machines/utils/MapMarker';

// The ITVs' markers at `now`: the status colour by the machines' rule (an ITV has no Break-Down
// status: green within the stale threshold, orange past it, grey never heard from), worked out at
// `now` so that it ages on an open screen. ITVs are named by their number, not lettered.
export function itvMarkers(
  itvs: readonly Itv[],
  now: number,
  staleAfterMs = DEFAULT_HEALTH_THRESHOLDS.machineStaleAfterMs,
): MapMarker[] {
  const thresholds = { ...DEFAULT_HEALTH_THRESHOLDS, machineStaleAfterMs: staleAfterMs };
  return itvs.map((itv): MapMarker => ({
    id: itv.id,
    label: '',
    name: itv.itvNumber,
    detail: `Trailer ${itv.trailerNumber}${itv.deviceInstalled ? '' : ' · no device'}`,
    colour: machineColour(null, itv.lastDataReceived, now, thresholds),
    position: itv.latitude !== null && itv.longitude !== null ? [itv.longitude, itv.latitude] : null,
    lastDataReceived: itv.lastDataReceived,
  }));
}
