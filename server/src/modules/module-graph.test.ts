import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server modules import each other one way. A cycle (auth → users → auth) makes the order in
// which index files are evaluated matter and hides which module owns what; a dependency the other
// way goes into the service through createServices (server/src/services.ts). Type-only imports
// count too. Table files are left out: the schema is evaluated table by table, and a table may
// name another module's table file (eslint's rule for *.table.ts).
const modulesDir = dirname(fileURLToPath(import.meta.url));

const isSource = (file: string) =>
  file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.table.ts') && !file.endsWith('.d.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return isSource(entry.name) ? [path] : [];
  });
}

// module → the other modules its files import ('../<other>' or '../<other>/…', also from a
// subfolder, by walking the relative path).
function moduleGraph(): Map<string, Set<string>> {
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const graph = new Map(modules.map((name) => [name, new Set<string>()]));
  const specifier = /\bfrom\s+['"](\.[^'"]*)['"]|\bimport\s*\(\s*['"](\.[^'"]*)['"]\s*\)/g;
  for (const name of modules) {
    for (const file of sourceFiles(join(modulesDir, name))) {
      for (const match of readFileSync(file, 'utf8').matchAll(specifier)) {
        const target = join(dirname(file), match[1] ?? match[2] ?? '');
        const relative = target.startsWith(modulesDir + '/') ? target.slice(modulesDir.length + 1) : null;
        const other = relative?.split('/')[0];
        if (other && other !== name && graph.has(other)) graph.get(name)!.add(other);
      }
    }
  }
  return graph;
}

// Every cycle found by a depth-first walk, each as the path that closes it.
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (name: string) => {
    state.set(name, 'open');
    path.push(name);
    for (const next of [...graph.get(name)!].sort()) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(name, 'done');
  };
  for (const name of [...graph.keys()].sort()) if (!state.has(name)) visit(name);
  return cycles;
}

describe('server module graph', () => {
  it('finds the imports between modules', () => {
    const graph = moduleGraph();
    expect(graph.get('users')).toContain('auth');
    expect(graph.get('roles')).toContain('auth');
  });

  it('has no cycle', () => {
    expect(cyclesOf(moduleGraph()).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('would report one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
