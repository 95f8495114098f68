// The Caserta–Voß–Sniedovich block relocation instances (../shared/fixtures/brp-cv, its README
// has the format): `dataH-W-k.dat`, first line `W N`, then per stack its height and the priorities
// bottom first. Read into the engine's DigOutInstance with the benchmark's cap of H + 2 tiers.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DigOutInstance } from '@openyard/server/modules/planning';

export interface BrpInstance {
  name: string;
  // `HxW`, e.g. 5x8.
  className: string;
  tiers: number;
  instance: DigOutInstance;
}

export function parseBrp(text: string, maxHeight: number): DigOutInstance {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const [width] = lines[0]!.split(/\s+/).map(Number);
  const stacks = lines.slice(1, 1 + width!).map((line, stackIndex) => {
    const [height, ...priorities] = line.split(/\s+/).map(Number);
    if (priorities.length !== height)
      throw new Error(`Stack ${stackIndex + 1}: ${priorities.length} boxes, not ${height}`);
    return {
      key: `S${stackIndex + 1}`,
      boxes: priorities.map((priority, tier) => ({ id: `S${stackIndex + 1}T${tier + 1}`, priority })),
    };
  });
  return { stacks, maxHeight };
}

// Every `dataH-W-k.dat` of the folder, ordered by class then k.
export function readBrpInstances(folder: string): BrpInstance[] {
  const instances: BrpInstance[] = [];
  for (const file of readdirSync(folder)) {
    const match = /^data(\d+)-(\d+)-(\d+)\.dat$/.exec(file);
    if (!match) continue;
    const [, tiers, width, number] = match.map(Number) as [number, number, number, number];
    instances.push({
      name: `${tiers}-${width}-${number}`,
      className: `${tiers}x${width}`,
      tiers,
      instance: parseBrp(readFileSync(join(folder, file), 'utf8'), tiers + 2),
    });
  }
  const order = (instance: BrpInstance) => instance.name.split('-').map(Number);
  return instances.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
  });
}

// corridor-method-results.txt: the corridor method's mean relocations per class `HxW`.
export function readCorridorMeans(folder: string): Record<string, number> {
  const means: Record<string, number> = {};
  for (const line of readFileSync(join(folder, 'corridor-method-results.txt'), 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 5) continue;
    means[`${fields[1]}x${fields[2]}`] = Number(fields[4]);
  }
  return means;
}
