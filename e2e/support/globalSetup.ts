import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir, repoRoot } from './paths';

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

// The server serves web/dist; build it when it is missing or older than its sources.
export default function setup(): void {
  mkdirSync(artifactsDir, { recursive: true });
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
