import { randomUUID } from 'node:crypto';
import {
  checkDigit,
  createClient,
  createFetchTransport,
  formatSlotName,
  heightName,
  pairStart,
  routes,
  type Gate,
  type InventoryGrid,
  type YardLayout,
} from '@openyard/contracts';
import type { SimulatorLogger } from './connection';
import { between, type Random } from './pacing';

// The demo's gate clerk: trucks come to the demo's IN gates, their reader reads the container's
// tag, and the clerk gates the container in through the same REST calls as the /gate screen (the
// latest read of the gate's reader, then gate-in with a free slot of the yard); some hours later
// (compressed) the truck comes back for it at an OUT gate and the clerk dispatches it. So `npm start`
// shows a living gate: tags arriving, containers entering and leaving /inventory, trucks inside.

export interface GateClerkOptions {
  apiUrl: string;
  username: string;
  password: string;
  // Publishes a tag read on the gate's GATEIN reader, as a passing truck does.
  readTag: (gateId: number, tagId: string) => Promise<boolean>;
  random: Random;
  signal: AbortSignal;
  logger: SimulatorLogger;
  // Mean time between trucks, and how long a container stays (compressed "hours").
  meanArrivalMs?: number;
  stayMs?: [number, number];
}

const OWNER_CODES = ['MSCU', 'MAEU', 'CMAU', 'HLXU', 'ONEU', 'EGHU', 'TGHU', 'CAIU'];
const PURPOSES = ['Import', 'Export', 'Empty'] as const;

type Client = ReturnType<typeof createClient<typeof routes>>;

function containerNumber(random: Random): string {
  const first10 = `${OWNER_CODES[Math.floor(random() * OWNER_CODES.length)]}${String(Math.floor(random() * 1_000_000)).padStart(6, '0')}`;
  return `${first10}${checkDigit(first10)}`;
}
const eightDigits = (random: Random) => String(10_000_000 + Math.floor(random() * 89_999_999));
const trailerNumber = (random: Random) =>
  `MH${String(1 + Math.floor(random() * 48)).padStart(2, '0')}${String.fromCharCode(65 + Math.floor(random() * 26), 65 + Math.floor(random() * 26))}${String(Math.floor(random() * 10_000)).padStart(4, '0')}`;

// A free 20 ft slot on top of a stack that is not full, in an unmerged column: the clerk's pick.
export function freeSlot(layout: YardLayout, grid: InventoryGrid, random: Random): string | null {
  const heights = new Map<string, number>();
  for (let i = 0; i < grid.areaIds.length; i += 1) {
    const key = `${grid.areaIds[i]}:${grid.rowIndexes[i]}:${grid.columnIndexes[i]}`;
    heights.set(key, Math.max(heights.get(key) ?? 0, grid.tiers[i]!));
  }
  const candidates: string[] = [];
  for (const area of layout.areaLayouts) {
    const columns = area.cellNames;
    for (const row of area.rowLayouts) {
      for (const column of columns) {
        if (pairStart(columns, column.index) !== null) continue;
        const height = heights.get(`${area.areaId}:${row.index}:${column.index}`) ?? 0;
        if (height >= area.maxHeight) continue;
        candidates.push(
          formatSlotName(
            {
              area: area.name,
              row: row.name,
              column: column.name,
              height: heightName(height + 1, layout.startHeight),
            },
            layout.slotFormat,
          ),
        );
      }
    }
  }
  return candidates.length ? candidates[Math.floor(random() * candidates.length)]! : null;
}

export async function runGateClerk(options: GateClerkOptions): Promise<void> {
  const { random, signal, logger } = options;
  const meanArrivalMs = options.meanArrivalMs ?? 45_000;
  const [stayMin, stayMax] = options.stayMs ?? [5 * 60_000, 20 * 60_000];
  const baseUrl = options.apiUrl.replace(/\/+$/, '');
  let token = '';
  const api: Client = createClient(
    routes,
    createFetchTransport({
      baseUrl,
      fetch: (target, init) =>
        fetch(target, { ...init, signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]) }),
      headers: (): Record<string, string> => (token ? { authorization: `Bearer ${token}`, pagepath: '/gate' } : {}),
    }),
  );
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });

  // Waits for the server (the simulator starts with it) and signs in.
  while (!signal.aborted) {
    try {
      token = (await api.auth.login({ body: { username: options.username, password: options.password } })).token;
      break;
    } catch (error) {
      logger.warn(`gate clerk: cannot sign in yet (${error instanceof Error ? error.message : String(error)})`);
      await wait(5000);
    }
  }
  let gates: Gate[] = [];
  const inside: { number: string; trailer: string; leavesAt: number }[] = [];

  while (!signal.aborted) {
    await wait(-Math.log(1 - random()) * meanArrivalMs);
    if (signal.aborted) break;
    try {
      if (!gates.length) gates = await api.gates.list();
      const now = Date.now();
      const leaving = inside.findIndex((visit) => visit.leavesAt <= now);
      const outGates = gates.filter((gate) => gate.type === 'OUT');
      if (leaving >= 0 && outGates.length) {
        const [visit] = inside.splice(leaving, 1);
        const gate = outGates[Math.floor(random() * outGates.length)]!;
        const answer = await api.gateOperations.dispatch({
          query: {
            requestId: randomUUID().replaceAll('-', ''),
            gateId: gate.id,
            containerNumber: visit!.number,
            exitProcess: 'Delivery',
            trailerNumber: visit!.trailer,
            dispatchTime: now,
            userName: options.username,
            forceDispatch: true,
          },
        });
        if (!answer.dispatched) logger.warn(`gate clerk: dispatch of ${visit!.number}: ${answer.responsestatus}`);
        continue;
      }
      const inGates = gates.filter((gate) => gate.type === 'IN' && gate.readers.some((r) => r.readerType === 'GATEIN'));
      if (!inGates.length) continue;
      const gate = inGates[Math.floor(random() * inGates.length)]!;
      const tag = eightDigits(random);
      if (!(await options.readTag(gate.id, tag))) continue;
      // The clerk reads the tag off the screen a moment after the truck passed the reader.
      await wait(between(1500, 4000, random));
      const read = await api.gateOperations.entryTag({ query: { gateId: gate.id } });
      const [layout, grid] = await Promise.all([api.yard.layout(), api.inventory.grid({ query: {} })]);
      const number = containerNumber(random);
      const trailer = trailerNumber(random);
      const location = freeSlot(layout, grid, random);
      const answer = await api.gateOperations.gateIn({
        body: {
          requestId: randomUUID().replaceAll('-', ''),
          gateId: gate.id,
          mode: 'single',
          container1Data: {
            containerNumber: number,
            tagId: read.responseMap.tagid ?? tag,
            containerSize: '20',
            containerType: 'Dry (GP)',
            gateInPurpose: PURPOSES[Math.floor(random() * PURPOSES.length)]!,
            ...(location ? { containerLocation: location } : {}),
          },
          trailerNumber: trailer,
          trailerTag1: eightDigits(random),
          userName: options.username,
        },
      });
      if (answer.responsestatus === 'success')
        inside.push({ number, trailer, leavesAt: Date.now() + between(stayMin, stayMax, random) });
      else logger.warn(`gate clerk: gate-in of ${number}: ${answer.responsestatus}`);
    } catch (error) {
      if (signal.aborted) break;
      logger.warn(`gate clerk: ${error instanceof Error ? error.message : String(error)}`);
      gates = [];
    }
  }
}
