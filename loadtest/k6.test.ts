import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// k6 is not installed where the tests run: its scripts are at least valid JavaScript modules (what
// `node --check` parses), and each scenario script names the options k6 needs.
const folder = fileURLToPath(new URL('./k6/', import.meta.url));
const scripts = readdirSync(folder).filter((name) => name.endsWith('.js'));

describe('loadtest/k6', () => {
  it('has the HTTP, gate and websocket scripts', () => {
    expect(scripts).toEqual(expect.arrayContaining(['http-reads.js', 'gate.js', 'websocket.js', 'lib.js']));
  });

  it.each(scripts)('%s parses', (name) => {
    expect(() => execFileSync(process.execPath, ['--check', `${folder}${name}`], { stdio: 'pipe' })).not.toThrow();
  });

  it('node --check fails on a broken script (the check can fail)', () => {
    expect(() =>
      execFileSync(process.execPath, ['--input-type=module', '--check'], { input: 'export const = 1;', stdio: 'pipe' }),
    ).toThrow();
  });
});
