import type { TestApp } from './test-app';

// A series' value in the test app's /metrics (`name{labels}` as Prometheus prints it), 0 when it has
// none yet.
export async function metricValue(t: TestApp, series: string): Promise<number> {
  const text = (await t.app.inject({ url: '/metrics' })).body;
  const row = text.split('\n').find((line) => line.startsWith(`${series} `));
  return Number(row?.split(' ').pop() ?? 0);
}

// Changes of the yard so far: each holds the yard's lock once, from its first statement to its commit.
export const yardChanges = (t: TestApp) => metricValue(t, 'openyard_inventory_lock_seconds_count{phase="held"}');
