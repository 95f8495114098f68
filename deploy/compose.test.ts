import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '@openyard/server/config';

// The scaled topology's compose file (docker-compose.yml, docs/deployment.md), checked without
// Docker: Debian's docker-compose validates it (with .env.example's values), and every variable it
// gives an Openyard process is one server/src/config.ts reads, with a value the config accepts.
const root = fileURLToPath(new URL('..', import.meta.url));
const composeArgs = [
  '--project-directory',
  root,
  '-f',
  `${root}docker-compose.yml`,
  '--env-file',
  `${root}.env.example`,
];
const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;
if (!hasCompose && process.env.CI)
  throw new Error('docker-compose is needed to check docker-compose.yml (apt-get install docker-compose)');
if (!hasCompose)
  console.warn('Skipping the compose file checks: docker-compose is not installed (set CI=1 to require it).');

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
  user?: string;
}

const resolved = () =>
  parse(execFileSync('docker-compose', [...composeArgs, 'config'], { encoding: 'utf8' })) as {
    services: Record<string, Service>;
  };

// The variables config.ts reads: every quoted upper-case name in it (env reads and their lists).
const known = new Set(
  [...readFileSync(`${root}server/src/config.ts`, 'utf8').matchAll(/'([A-Z][A-Z0-9_]{2,})'/g)].map(
    (match) => match[1]!,
  ),
);

describe.runIf(hasCompose)('docker-compose.yml', () => {
  it('is valid for docker-compose config -q', () => {
    expect(() => execFileSync('docker-compose', [...composeArgs, 'config', '-q'], { stdio: 'pipe' })).not.toThrow();
  });

  it('fails the check without the secrets (the check can fail)', () => {
    const empty = join(mkdtempSync(join(tmpdir(), 'openyard-compose-')), 'empty.env');
    writeFileSync(empty, '');
    const result = spawnSync(
      'docker-compose',
      ['--project-directory', root, '-f', `${root}docker-compose.yml`, '--env-file', empty, 'config', '-q'],
      {
        encoding: 'utf8',
        env: { PATH: process.env.PATH },
      },
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('POSTGRES_PASSWORD');
  });

  it('gives Openyard processes only variables config.ts knows, with values it accepts', () => {
    const { services } = resolved();
    const openyard = Object.entries(services).filter(([, service]) => service.build !== undefined);
    expect(openyard.map(([name]) => name).sort()).toEqual(
      ['migrate', 'mqtt-config', 'server-1', 'server-2', 'workers-1', 'workers-2'].sort(),
    );
    for (const [name, service] of openyard) {
      const environment = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, value === null ? '' : String(value)]),
      );
      for (const variable of Object.keys(environment)) expect(known, `${name}: ${variable}`).toContain(variable);
      expect(() => loadConfig(environment), name).not.toThrow();
    }
    expect(known).not.toContain('NOT_A_SETTING');
  });

  it('runs two servers and two workers by role, after the migration, with health checks and restarts', () => {
    const { services } = resolved();
    const role = (name: string) => services[name]!.environment?.ROLE;
    expect(['server-1', 'server-2'].map(role)).toEqual(['server', 'server']);
    expect(['workers-1', 'workers-2'].map(role)).toEqual(['workers', 'workers']);
    // Each workers process its own ingest client id: the broker keeps a session per id.
    expect(services['workers-1']!.environment?.INGEST_CLIENT_ID).not.toBe(
      services['workers-2']!.environment?.INGEST_CLIENT_ID,
    );
    for (const name of ['server-1', 'server-2', 'workers-1', 'workers-2']) {
      const service = services[name]!;
      expect(service.depends_on?.migrate?.condition, name).toBe('service_completed_successfully');
      expect(service.healthcheck?.test.join(' '), name).toContain('/readyz');
      expect(service.restart, name).toBe('unless-stopped');
    }
    for (const name of ['postgres', 'redis', 'mosquitto']) expect(services[name]!.healthcheck, name).toBeDefined();
    expect(services.redis!.healthcheck).toBeDefined();
    expect(JSON.stringify(services.redis)).toContain('"--appendonly","yes"');
    expect(services.mosquitto!.depends_on?.['mqtt-config']?.condition).toBe('service_completed_successfully');
    expect(services.migrate!.restart).toBe('no');
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(`${root}Dockerfile`, 'utf8');
  it('builds in stages on Debian slim, installs production dependencies only and runs as node', () => {
    const stages = dockerfile.match(/^FROM .+$/gm) ?? [];
    expect(stages.length).toBeGreaterThanOrEqual(3);
    for (const stage of stages) expect(stage).toMatch(/node:20-bookworm-slim/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/livez/m);
  });

  it('copies what the runtime imports at run time', () => {
    const runtime = JSON.parse(readFileSync(`${root}runtime/package.json`, 'utf8')) as {
      dependencies: Record<string, string>;
    };
    // The one-off commands and the OCR threads run sources through tsx: a production dependency of
    // the runtime, not a dev tool.
    expect(runtime.dependencies).toHaveProperty('tsx');
    for (const folder of ['contracts', 'server', 'workers', 'simulator', 'runtime', 'migrations'])
      expect(dockerfile).toContain(`COPY ${folder} ${folder}`);
    // The processes start from the compiled entry, built in the build stage.
    expect(dockerfile).toMatch(/npm run build:node/);
    expect(dockerfile).toContain('COPY --from=build /app/runtime/dist runtime/dist');
    expect(dockerfile).toMatch(/^CMD \["node", .*"runtime\/dist\/main\.js"\]$/m);
  });
});
