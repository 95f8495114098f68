import { sql } from 'drizzle-orm';
import { sizeClass, slotSpan, withCheckDigit } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { containersRepository } from '../../modules/inventory';
import { createSlotNamer, type Position, type SlotOptions } from '../../modules/yard';
import { yardRepository } from '../../modules/yard';
import { insertJsonRows, rowsOf } from '../bulk-insert';
import * as schema from '../schema';
import { LINERS } from './reference-data';

// The demo yard's containers: about three quarters of the slots filled, stacked without holes,
// 40 ft boxes on merged pairs, numbers with valid check digits from real owner codes, IGM items,
// gate-in dates over months (so every ageing bucket has boxes), movement histories, visits
// that ended with a dispatch, and boxes expected at the gate (pre-advices, for planning). Deterministic (a seeded generator), written with multi-row INSERTs
// in one transaction; only into a yard without containers.

const DAY = 86_400_000;

// mulberry32: small, fast and good enough for demo data.
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (from: number, to: number) => from + Math.floor(next() * (to - from + 1));
  function weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }
  return { next, int, weighted, pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! };
}

const LINER_WEIGHTS: Record<string, number> = {
  MSC: 18,
  MAERSK: 17,
  CMACGM: 12,
  COSCO: 10,
  HAPAG: 9,
  ONE: 7,
  EVERGREEN: 7,
  HMM: 4,
  YANGMING: 3,
  ZIM: 3,
  PIL: 3,
  WANHAI: 2,
  OOCL: 2,
  APL: 1,
  TRITON: 2,
};

const MACHINES = ['RS-01', 'RS-02', 'RS-03', 'FL-01', 'RTG-01'];
const CLERKS = ['operator', 'admin', 'superadmin'];

export interface DemoContainerOptions {
  slots: SlotOptions;
  now?: Date;
  seed?: number;
  // Share of each stack's height filled on average.
  fill?: number;
  // Finished visits (gate-in to dispatch) per container in the yard.
  dispatchedShare?: number;
  // Boxes expected at the gate over the next two days (open pre-advices: queued for planning).
  expected?: number;
}

interface Visit {
  id: number;
  number: string;
  sizeId: number;
  lengthFeet: number;
  typeId: number | null;
  processId: number | null;
  categoryId: number | null;
  customerId: number | null;
  cargoTypeId: number | null;
  hazardous: boolean;
  rfidTagId: string;
  igm: string | null;
  item: string | null;
  gateInAt: Date;
  dispatchedAt: Date | null;
  at: Position | null;
}

export async function seedDemoContainers(db: Database, options: DemoContainerOptions) {
  const [{ existing } = { existing: 0 }] = await db
    .select({ existing: sql<number>`count(*)::int` })
    .from(schema.containers);
  if (existing > 0) return { inYard: 0, dispatched: 0, movements: 0, expected: 0 };
  const now = (options.now ?? new Date()).getTime();
  const random = generator(options.seed ?? 20_240_601);
  const fill = options.fill ?? 0.74;
  const namer = createSlotNamer(options.slots);

  const { areas, rows, columns } = await yardRepository.grid(db);
  const grid = namer.grid(areas, rows, columns);
  const byName = async <T extends { id: number; name: string }>(query: Promise<T[]>) =>
    new Map((await query).map((row) => [row.name, row.id]));
  const sizes = await db.select().from(schema.containerSizes);
  const sizeId = (name: string) => sizes.find((size) => size.name === name)!.id;
  const lengthOf = (id: number) => sizes.find((size) => size.id === id)!.lengthFeet;
  const types = await byName(db.select().from(schema.containerTypes));
  const processes = await byName(db.select().from(schema.containerProcesses));
  const categories = await byName(db.select().from(schema.categories));
  const cargoTypes = await byName(db.select().from(schema.cargoTypes));
  const customerIds = (await db.select().from(schema.customers)).map((customer) => customer.id);
  const liners = LINERS.filter((liner) => LINER_WEIGHTS[liner.code]).map(
    (liner) => [liner, LINER_WEIGHTS[liner.code]!] as const,
  );

  const numbers = new Set<string>();
  const newNumber = () => {
    for (;;) {
      const liner = random.weighted(liners);
      const number = withCheckDigit(`${random.pick(liner.prefixes)}${String(random.int(0, 999_999)).padStart(6, '0')}`);
      if (!numbers.has(number)) {
        numbers.add(number);
        return number;
      }
    }
  };
  let tag = random.int(10_000_000, 40_000_000);
  const igms = Array.from({ length: 90 }, () => String(random.int(1_000_000, 9_999_999)));

  // Days in the yard, so that the ageing buckets (3-15, 15-30, 30-60, over 60) all fill.
  const ageDays = () =>
    random.weighted([
      [random.next() * 3, 14],
      [3 + random.next() * 12, 30],
      [15 + random.next() * 15, 22],
      [30 + random.next() * 30, 18],
      [60 + random.next() * 180, 16],
    ] as const);

  function details(lengthFeet: number, gateInAt: Date): Omit<Visit, 'id' | 'number' | 'dispatchedAt' | 'at'> {
    const forty = sizeClass(lengthFeet) === 40;
    const type = forty
      ? random.weighted([
          ['Dry (GP)', 45],
          ['High Cube', 35],
          ['Reefer', 12],
          ['Open Top', 4],
          ['Flat Rack', 4],
        ] as const)
      : random.weighted([
          ['Dry (GP)', 70],
          ['Reefer', 10],
          ['Tank', 6],
          ['Open Top', 7],
          ['Flat Rack', 7],
        ] as const);
    const process = random.weighted([
      ['Import', 45],
      ['Export', 25],
      ['Empty', 20],
      ['Transhipment', 5],
      ['LCL', 3],
      ['Domestic', 2],
    ] as const);
    const category =
      type === 'Reefer'
        ? 'Reefer'
        : type === 'Tank'
          ? 'Tank'
          : type === 'Flat Rack' && random.next() < 0.5
            ? 'Over-dimension'
            : random.next() < 0.06
              ? 'Hazardous'
              : 'General';
    const hazardous = category === 'Hazardous' || (type === 'Tank' && random.next() < 0.3);
    const empty = process === 'Empty';
    const cargo = empty
      ? null
      : hazardous
        ? 'Hazardous (IMDG)'
        : type === 'Reefer'
          ? 'Perishable'
          : type === 'Tank'
            ? 'Liquid'
            : type === 'Flat Rack'
              ? 'Machinery'
              : random.weighted([
                  ['General Cargo', 85],
                  ['Bulk', 15],
                ] as const);
    const igm = process === 'Import' || process === 'LCL' ? random.pick(igms) : null;
    tag += random.int(1, 40);
    return {
      sizeId: sizeId(forty ? (random.next() < 0.12 ? '45' : '40') : '20'),
      lengthFeet,
      typeId: types.get(type) ?? null,
      processId: processes.get(process) ?? null,
      categoryId: categories.get(category) ?? null,
      customerId: empty ? null : random.pick(customerIds),
      cargoTypeId: cargo ? (cargoTypes.get(cargo) ?? null) : null,
      hazardous,
      rfidTagId: String(tag),
      igm,
      item: igm ? String(random.int(1, 40)) : null,
      gateInAt,
    };
  }

  // Stacks: a merged pair is one bay of 40 ft boxes (now and then two 20 ft boxes on a tier).
  const visits: Omit<Visit, 'id'>[] = [];
  for (const area of grid.areasById.values()) {
    const maxHeight = area.area.maxHeight;
    for (const row of area.rowsByIndex.values()) {
      const indices = [...area.columnsByIndex.keys()].sort((a, b) => a - b);
      for (let position = 0; position < indices.length; position += 1) {
        const column = indices[position]!;
        const pair = area.columnsByIndex.get(column)!.merged && area.columnsByIndex.has(column + 1);
        const height = Math.max(0, Math.min(maxHeight, Math.round(maxHeight * fill * (0.45 + 1.1 * random.next()))));
        for (let tier = 1; tier <= height; tier += 1) {
          const boxes =
            pair && random.next() < 0.85
              ? [[column, 40]]
              : pair
                ? [
                    [column, 20],
                    [column + 1, 20],
                  ]
                : [[column, 20]];
          for (const [boxColumn, lengthFeet] of boxes as [number, number][]) {
            const gateInAt = new Date(now - ageDays() * DAY);
            visits.push({
              number: newNumber(),
              ...details(lengthFeet, gateInAt),
              dispatchedAt: null,
              at: { areaId: area.area.id, rowIndex: row.index, columnIndex: boxColumn, tier },
            });
          }
        }
        if (pair) position += 1;
      }
    }
  }
  const inYard = visits.length;

  // Finished visits; some numbers come back (an earlier visit of a box now in the yard).
  const finished = Math.round(inYard * (options.dispatchedShare ?? 0.3));
  for (let index = 0; index < finished; index += 1) {
    const returning = random.next() < 0.12 ? visits[random.int(0, inYard - 1)]! : null;
    const lengthFeet = returning?.lengthFeet ?? (random.next() < 0.55 ? 20 : 40);
    const latest = returning ? returning.gateInAt.getTime() - DAY : now - DAY;
    const dispatchedAt = new Date(latest - random.next() * 200 * DAY);
    const gateInAt = new Date(dispatchedAt.getTime() - (1 + random.next() * 40) * DAY);
    const visit = { ...details(lengthFeet, gateInAt), dispatchedAt, at: null };
    visits.push({
      ...visit,
      number: returning?.number ?? newNumber(),
      ...(returning ? { sizeId: returning.sizeId } : {}),
    });
  }

  // A random slot of the yard, for the earlier stops of a history (history is not re-checked).
  const areaList = [...grid.areasById.values()];
  const someSlot = (): Position => {
    const area = random.pick(areaList);
    return {
      areaId: area.area.id,
      rowIndex: random.pick([...area.rowsByIndex.keys()]),
      columnIndex: random.pick([...area.columnsByIndex.keys()]),
      tier: random.int(1, area.area.maxHeight),
    };
  };

  const seeded = await db.transaction(async (tx) => {
    await containersRepository.lockInventory(tx);
    const ids = await tx
      .select({ id: sql<number>`nextval(pg_get_serial_sequence('containers', 'id'))::int` })
      .from(sql`generate_series(1, ${visits.length})`);
    const all: Visit[] = visits.map((visit, index) => ({ ...visit, id: ids[index]!.id }));

    const movements: Record<string, string | number | null>[] = [];
    const last = new Map<number, { at: Date; by: string }>();
    for (const visit of all) {
      const stops: (Position | null)[] = [];
      const moves = random.weighted([
        [0, 60],
        [1, 30],
        [2, 10],
      ] as const);
      for (let move = 0; move <= moves; move += 1) stops.push(move === moves && visit.at ? visit.at : someSlot());
      if (visit.dispatchedAt) stops.push(null);
      // Stops spread over the visit, the first soon after the gate-in, the exit at the dispatch.
      const start = visit.gateInAt.getTime();
      const end = visit.dispatchedAt?.getTime() ?? now;
      const stay = end - start;
      let from: Position | null = null;
      stops.forEach((to, index) => {
        const out = to === null;
        const soon = index === 0 ? random.int(10, 90) * 60_000 : 0;
        const at = out
          ? visit.dispatchedAt!
          : new Date(Math.min(end, start + soon + (stay * (index + random.next() * 0.8)) / stops.length));
        const source = index === 0 || out ? 'gate' : random.next() < 0.7 ? 'machine' : 'manual';
        const device = source === 'machine' ? random.pick(MACHINES) : null;
        const by = source === 'gate' ? (out ? 'gateout' : 'gatein') : source === 'manual' ? random.pick(CLERKS) : null;
        movements.push({
          container_id: visit.id,
          container_number: visit.number,
          from_location: from ? namer.names(grid, from).location : null,
          to_location: to ? namer.names(grid, to).location : null,
          to_area_id: to?.areaId ?? null,
          to_row_index: to?.rowIndex ?? null,
          to_column_index: to?.columnIndex ?? null,
          to_tier: to?.tier ?? null,
          source,
          moved_by: by,
          device,
          moved_at: at.toISOString(),
        });
        last.set(visit.id, { at, by: by ?? device ?? 'system' });
        from = to;
      });
    }

    await insertJsonRows(
      tx,
      'containers',
      {
        id: 'integer',
        container_number: 'text',
        size_id: 'integer',
        type_id: 'integer',
        process_id: 'integer',
        category_id: 'integer',
        customer_id: 'integer',
        cargo_type_id: 'integer',
        hazardous: 'boolean',
        rfid_tag_id: 'text',
        igm: 'text',
        item: 'text',
        gate_in_at: 'timestamptz',
        dispatched_at: 'timestamptz',
        last_moved_at: 'timestamptz',
        location_updated_by: 'text',
      },
      all.map((visit) => ({
        id: visit.id,
        container_number: visit.number,
        size_id: visit.sizeId,
        type_id: visit.typeId,
        process_id: visit.processId,
        category_id: visit.categoryId,
        customer_id: visit.customerId,
        cargo_type_id: visit.cargoTypeId,
        hazardous: visit.hazardous,
        rfid_tag_id: visit.rfidTagId,
        igm: visit.igm,
        item: visit.item,
        gate_in_at: visit.gateInAt.toISOString(),
        dispatched_at: visit.dispatchedAt?.toISOString() ?? null,
        last_moved_at: last.get(visit.id)?.at.toISOString() ?? null,
        location_updated_by: last.get(visit.id)?.by ?? null,
      })),
    );
    await insertJsonRows(
      tx,
      'container_positions',
      { area_id: 'integer', row_index: 'integer', column_index: 'integer', tier: 'integer', container_id: 'integer' },
      all.flatMap((visit) =>
        visit.at
          ? Array.from({ length: slotSpan(lengthOf(visit.sizeId)) }, (_, offset) => ({
              area_id: visit.at!.areaId,
              row_index: visit.at!.rowIndex,
              column_index: visit.at!.columnIndex + offset,
              tier: visit.at!.tier,
              container_id: visit.id,
            }))
          : [],
      ),
    );
    await insertJsonRows(
      tx,
      'container_movements',
      {
        container_id: 'integer',
        container_number: 'text',
        from_location: 'text',
        to_location: 'text',
        to_area_id: 'integer',
        to_row_index: 'integer',
        to_column_index: 'integer',
        to_tier: 'integer',
        source: 'text',
        moved_by: 'text',
        device: 'text',
        moved_at: 'timestamptz',
      },
      movements,
    );
    // The boxes the depot expects (open pre-advices): the planning screen's queued containers.
    const linerIds = new Map((await tx.select().from(schema.linerInfos)).map((liner) => [liner.code, liner.id]));
    const linerOf = (number: string) =>
      linerIds.get(LINERS.find((liner) => liner.prefixes.includes(number.slice(0, 4)))?.code ?? '') ?? null;
    const expected = Array.from({ length: options.expected ?? 24 }, (_, index) => {
      const containerNumber = newNumber();
      const forty = random.next() < 0.4;
      const process = random.weighted([
        ['Import', 60],
        ['Export', 25],
        ['Empty', 15],
      ] as const);
      const from = now + (2 + index * 2) * 60 * 60_000;
      return {
        container_number: containerNumber,
        size_id: sizeId(forty ? '40' : '20'),
        type_id: types.get(forty ? random.pick(['Dry (GP)', 'High Cube'] as const) : 'Dry (GP)') ?? null,
        process_id: processes.get(process) ?? null,
        category_id: categories.get(random.next() < 0.15 ? 'Reefer' : 'General') ?? null,
        liner_id: linerOf(containerNumber),
        igm: process === 'Import' ? random.pick(igms.slice(0, 6)) : null,
        item: process === 'Import' ? String(random.int(1, 40)) : null,
        job_order_number: `JO-${String(random.int(10_000, 99_999))}`,
        expected_from: new Date(from).toISOString(),
        expected_to: new Date(from + 4 * 60 * 60_000).toISOString(),
        source: 'manual',
        created_by: 'superadmin',
      };
    });
    await insertJsonRows(
      tx,
      'pre_advices',
      {
        container_number: 'text',
        size_id: 'integer',
        type_id: 'integer',
        process_id: 'integer',
        category_id: 'integer',
        liner_id: 'integer',
        igm: 'text',
        item: 'text',
        job_order_number: 'text',
        expected_from: 'timestamptz',
        expected_to: 'timestamptz',
        source: 'text',
        created_by: 'text',
      },
      expected,
    );
    return { inYard, dispatched: finished, movements: movements.length, expected: expected.length };
  });
  // Statistics for what was just loaded in bulk: until autovacuum gets to it, the planner takes the
  // new tables for nearly empty and plans a container lookup's subquery as a scan (7 ms, not 0.1).
  await db.execute(sql`analyze containers, container_positions, container_movements`);
  return seeded;
}

// The machines' picks and drops behind the demo history's machine moves (a pick two minutes before
// each drop), so that the figures read from machine events (the task dashboard, the dashboard's
// machine widget, reports 3.1 and 3.2) have a history too. Run after the demo machines exist, once,
// right after the containers were seeded: the machine-day rollup is built from the events when the
// server first reads it on a new database.
export async function seedDemoMachineEvents(db: Database): Promise<number> {
  const result = await db.execute(sql`
    insert into machine_events (machine_id, kind, container_number, height, message_id, occurred_at)
    select machine.id, event.kind, movement.container_number,
      case when event.kind = 'drop' then movement.to_tier end,
      'demo-' || movement.id || '-' || event.kind,
      movement.moved_at - case when event.kind = 'pick' then interval '2 minutes' else interval '0' end
    from container_movements movement
    join machines machine on machine.machine_name = movement.device
    cross join (values ('pick'), ('drop')) as event (kind)
    where movement.source = 'machine'
    on conflict do nothing
    returning id`);
  return rowsOf<{ id: number }>(result).length;
}
