import { randomUUID } from 'node:crypto';
import { and, eq, notExists } from 'drizzle-orm';
import type { GateInForm } from '@openyard/contracts';
import { containerPositions, yardAreas, yardColumns, yardRows } from '../db/schema';
import type { TestApp } from './test-app';
import { containerNumber } from './yard-fixtures';

// Test data for the gate's transactions: request ids, tags, free ground slots, gate-in forms.

export const requestId = () => `r-${randomUUID()}`;

// Eight-digit RFID tags, different in every test file and call.
let tagSerial = Math.floor(Math.random() * 40_000_000);
export function rfidTag(): string {
  tagSerial += 1;
  return String(10_000_000 + (tagSerial % 89_999_999));
}

// Ground slots (tier 1) of unmerged columns nobody stands on, as slot names; each call hands out
// new ones.
const handedOut = new Set<string>();
export async function freeGroundSlots(t: TestApp, count: number, area = 'C'): Promise<string[]> {
  const rows = await t.db
    .select({ area: yardAreas.name, row: yardRows.index, column: yardColumns.index })
    .from(yardRows)
    .innerJoin(yardAreas, eq(yardAreas.id, yardRows.areaId))
    .innerJoin(yardColumns, and(eq(yardColumns.areaId, yardRows.areaId), eq(yardColumns.merged, false)))
    .where(
      and(
        eq(yardAreas.name, area),
        notExists(
          t.db
            .select()
            .from(containerPositions)
            .where(
              and(
                eq(containerPositions.areaId, yardRows.areaId),
                eq(containerPositions.rowIndex, yardRows.index),
                eq(containerPositions.columnIndex, yardColumns.index),
              ),
            ),
        ),
      ),
    );
  const names = rows
    .map((row) => `${row.area}_${row.row}_${row.column}_1`)
    .filter((name) => !handedOut.has(name))
    .slice(0, count);
  for (const name of names) handedOut.add(name);
  if (names.length < count) throw new Error(`only ${names.length} free ground slots in area ${area}`);
  return names;
}

// A gate of its own for a test file (IN or OUT), with one reader of each type it is given.
let gateSerial = 0;
export async function createGate(t: TestApp, type: 'IN' | 'OUT', readerTypes: string[] = []) {
  gateSerial += 1;
  const name = `test-${type}-${gateSerial}-${randomUUID().slice(0, 6)}`;
  const { gate } = await t.services.gates.createGate({ name, type, positionLat: 18.9, positionLong: 72.9 });
  const readers: Record<string, number> = {};
  for (const readerType of readerTypes) {
    const { reader } = await t.services.gates.createReader({
      name: `${name}-${readerType}`,
      readerType,
      ip: `10.99.${gateSerial % 250}.${Object.keys(readers).length + 1}`,
      gate: { id: gate.id },
    });
    readers[readerType] = reader.id;
  }
  return { gateId: gate.id, readers };
}

// A tag read as a reader publishes it, through the device pipeline's writer.
let messageSerial = 0;
export async function readTag(t: TestApp, readerId: number, tagId: string, timestamp = Date.now()) {
  messageSerial += 1;
  await t.services.deviceMessages.processBatch([
    {
      kind: 'readerTag',
      readerId,
      topic: `yard/readers/${readerId}/tag`,
      payload: { messageId: `m-${messageSerial}-${randomUUID()}`, timestamp, tagId },
    },
  ]);
}

// A single 20 ft gate-in form that passes every rule; `overrides` change it.
export function singleGateIn(
  overrides: Partial<GateInForm> = {},
  container: Partial<GateInForm['container1Data']> = {},
): GateInForm {
  return {
    requestId: requestId(),
    mode: 'single',
    container1Data: {
      containerNumber: containerNumber(),
      tagId: rfidTag(),
      gateInPurpose: 'Import',
      containerSize: '20',
      ...container,
    },
    trailerNumber: `MH04${Math.floor(Math.random() * 1e6)}`,
    ...overrides,
  };
}

// Two 20 ft containers.
export function doubleGateIn(overrides: Partial<GateInForm> = {}): GateInForm {
  return singleGateIn({
    mode: 'double',
    container2Data: {
      containerNumber: containerNumber(),
      tagId: rfidTag(),
      gateInPurpose: 'Import',
      containerSize: '20',
    },
    ...overrides,
  });
}
