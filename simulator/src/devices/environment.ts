import { setTimeout as sleep } from 'node:timers/promises';
import type { SimulatorLogger } from '../connection';
import { isAbortError, type Random } from '../pacing';
import type { YardMap } from '../yard';

export interface DeviceEnvironment {
  signal: AbortSignal;
  random: Random;
  logger: SimulatorLogger;
  yard: YardMap;
  // Speed-up of the rate-driven streams (tag reads, telemetry, positions) so that the total comes
  // near the requested rate; heartbeats and camera visits keep their own rhythm.
  activity: number;
}

// Runs `step` until the simulator stops; `step` returns the milliseconds until its next run. A
// failing step is logged and retried: one device's trouble must not stop the others.
export async function repeat(
  name: string,
  environment: DeviceEnvironment,
  firstDelayMs: number,
  step: () => Promise<number>,
): Promise<void> {
  const { signal, logger } = environment;
  let delayMs = firstDelayMs;
  for (;;) {
    try {
      await sleep(delayMs, undefined, { signal });
      delayMs = await step();
    } catch (error) {
      if (isAbortError(error) || signal.aborted) return;
      logger.warn(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      delayMs = 5000;
    }
  }
}

export const randomTagId = (random: Random) => String(Math.floor(random() * 100_000_000)).padStart(8, '0');
