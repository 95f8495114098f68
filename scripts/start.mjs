// `npm start`: the demo yard on the embedded defaults (PGlite, in-process queue and bus, aedes).
// Builds the web app first when it is missing, then runs the server in this process.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { register } from 'tsx/esm/api';

process.env.DEMO ??= '1';
process.env.SIMULATOR ??= '1';
if (!process.env.WEB_DIR && !existsSync(new URL('../web/dist/index.html', import.meta.url))) {
  console.log('Building the web app (first start)...');
  execSync('npm run build:web', { stdio: 'inherit', cwd: new URL('..', import.meta.url) });
}
register();
await import('../runtime/src/main.ts');
