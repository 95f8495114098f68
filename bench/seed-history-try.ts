import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild } from './lib/child';
import { seedHistory } from './lib/history';
import { createDatabase } from './lib/services';
import { stackEnv, type Topology } from './lib/stack-env';
const topology = (process.env.T ?? 'embedded') as Topology;
const dataDir = mkdtempSync(join(tmpdir(), 'oy-hist-'));
const database = topology === 'services' ? await createDatabase() : null;
const child = await startChild(topology);
try {
  await child.call({ op: 'start', env: stackEnv(topology, { dataDir, prefix: 'oy-hist-try', ...(database ? { databaseUrl: database.url } : {}) }, { TIME_ZONE: 'Asia/Kolkata' }) });
  const figures = await seedHistory(child, { scale: Number(process.env.S ?? 0.02), timeZone: 'Asia/Kolkata', yardCenter: { latitude: 18.949, longitude: 72.951 } });
  console.log(JSON.stringify(figures));
} finally {
  await child.close();
  if (process.env.KEEP) console.log(database?.url); else await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
