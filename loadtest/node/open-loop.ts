import { sleep } from './stats';

// One flow of a scenario run in an open loop: call i is due at `arrivals[i]` ms after `startAt` and
// goes out then whatever the earlier calls take (the schedule never waits for the server). Its
// latency counts from when it was due, so a server (or client) that falls behind shows it in the
// figures instead of being offered less (no coordinated omission). A call that throws is a failure,
// its message kept (the first few of each kind).
export interface FlowRun {
  offered: number;
  completed: number;
  failed: number;
  // ms from due to answered, of the completed calls.
  latencies: number[];
  // Distinct failure messages with their counts (at most 10 kept).
  failures: Record<string, number>;
  // When the first call was due and the last one answered (epoch ms).
  startedAt: number;
  endedAt: number;
}

const KEPT_FAILURES = 10;

export function failureText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\d{3,}/g, 'N').slice(0, 160);
}

export async function openLoop({
  arrivals,
  startAt,
  send,
  shouldStop = () => false,
}: {
  arrivals: number[];
  startAt: number;
  send: (index: number) => Promise<void>;
  shouldStop?: () => boolean;
}): Promise<FlowRun> {
  const run: FlowRun = {
    offered: 0,
    completed: 0,
    failed: 0,
    latencies: [],
    failures: {},
    startedAt: startAt + (arrivals[0] ?? 0),
    endedAt: startAt,
  };
  const calls: Promise<void>[] = [];
  for (let index = 0; index < arrivals.length; index += 1) {
    if (shouldStop()) break;
    const due = startAt + arrivals[index]!;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    run.offered += 1;
    calls.push(
      send(index).then(
        () => {
          run.completed += 1;
          run.latencies.push(Date.now() - due);
        },
        (error: unknown) => {
          run.failed += 1;
          const text = failureText(error);
          if (text in run.failures || Object.keys(run.failures).length < KEPT_FAILURES)
            run.failures[text] = (run.failures[text] ?? 0) + 1;
        },
      ),
    );
  }
  await Promise.all(calls);
  run.endedAt = Date.now();
  return run;
}

// Evenly spaced arrivals: `rate` a second for `durationMs`, the first at `offsetMs`.
export function evenArrivals(rate: number, durationMs: number, offsetMs = 0): number[] {
  const count = Math.floor((rate * durationMs) / 1000);
  return Array.from({ length: count }, (_, index) => offsetMs + (index * 1000) / rate);
}
