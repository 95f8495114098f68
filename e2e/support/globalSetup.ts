import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { artifactsDir, repoRoot } from './paths';
import { seedTemplate } from './startServer';

function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

declare module 'vitest' {
  export interface ProvidedContext {
    // The folder of this run's seeded demo-yard templates (e2e/support/startServer.ts).
    e2eTemplateRoot: string;
  }
}

// The server serves web/dist; build it when it is missing or older than its sources. Each run gets
// its own template folder, seeded here by this code, so no run starts on a yard seeded by other code.
export default async function setup(project: TestProject): Promise<() => void> {
  mkdirSync(artifactsDir, { recursive: true });
  const templateRoot = mkdtempSync(join(tmpdir(), 'openyard-e2e-templates-'));
  project.provide('e2eTemplateRoot', templateRoot);
  const teardown = () => rmSync(templateRoot, { recursive: true, force: true });
  buildWeb();
  try {
    await seedTemplate(templateRoot);
  } catch (error) {
    teardown();
    throw error;
  }
  return teardown;
}

function buildWeb(): void {
  const builtIndex = join(repoRoot, 'web/dist/index.html');
  const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'contracts/src']
    .map((path) => join(repoRoot, path))
    .filter((path) => existsSync(path));
  const sourceTime = Math.max(...sources.map(newestChange));
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= sourceTime) return;
  console.log('e2e: building the web app (web/dist is missing or stale)');
  // Vitest sets NODE_ENV=test, which would give a development build of React.
  execFileSync('npm', ['run', 'build:web'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
