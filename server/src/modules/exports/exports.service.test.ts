import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExportsService, neutraliseCell, type Cell } from './exports.service';
import { createXlsxWriter } from './xlsx-writer';
import { zipCaughtUp } from './xlsx-thread';

// The streamed xlsx writer (writeWorkbookStream) against exceljs' streaming writer used plainly
// (each row added and committed, nothing shared): the files read back cell by cell, values, types
// and styles, must be the same. Its speed-ups (shared styles, batches read ahead, the event loop
// between slices) may not change what the file holds.

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'openyard-exports-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const COLUMNS = [
  { header: 'Moved at', key: 'movedAt', width: 18 },
  { header: 'Id', key: 'id', width: 10 },
  { header: 'Container', key: 'containerNumber' },
  { header: 'When', key: 'when', width: 20 },
  { header: 'Note', key: 'note' },
];

// 2,500 rows (more than one slice of the writer) in batches of 700: texts, numbers, dates, empty
// cells, and texts a spreadsheet would take for formulas.
function rowsOf(count: number): Cell[][] {
  return Array.from({ length: count }, (_, i) => [
    `2025-03-${String(1 + (i % 28)).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
    i % 7 === 0 ? i + 0.5 : i,
    i % 5 === 0 ? null : `MSCU${String(i).padStart(7, '0')}`,
    i % 3 === 0 ? new Date(Date.UTC(2025, 2, 1, 0, i)) : null,
    i % 11 === 0 ? `=SUM(A${i})` : i % 13 === 0 ? '' : `note ${i} <&> "quoted"`,
  ]);
}
async function* batchesOf(rows: Cell[][], size: number): AsyncIterable<Cell[][]> {
  for (let at = 0; at < rows.length; at += size) yield rows.slice(at, at + size);
}

// The reference: exceljs' streaming writer as its documentation shows it.
async function plainStreamedFile(path: string, rows: Cell[][]) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
  book.creator = 'Openyard';
  const sheet = book.addWorksheet('2.2 Container movements', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS;
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for (const row of rows) sheet.addRow(row.map((value) => (value === null ? null : neutraliseCell(value)))).commit();
  sheet.commit();
  await book.commit();
}

async function readBack(path: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0]!;
  const cells: unknown[] = [];
  const rows: unknown[] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    // A row's own style (its s attribute) is not in exceljs' typings.
    rows.push({ rowNumber, height: row.height, style: (row as unknown as { style: unknown }).style });
    row.eachCell({ includeEmpty: true }, (cell, column) =>
      cells.push({ rowNumber, column, value: cell.value, type: cell.type, style: cell.style }),
    );
  });
  return {
    name: sheet.name,
    views: sheet.views,
    widths: sheet.columns.map((column) => column.width),
    rowCount: sheet.rowCount,
    rows,
    cells,
  };
}

describe('writeWorkbookStream (xlsx)', () => {
  it('writes the cells exceljs’ plain streaming writer writes, values, types and styles', async () => {
    const rows = rowsOf(2500);
    const reference = join(dataDir, 'reference.xlsx');
    await plainStreamedFile(reference, rows);
    const exports = createExportsService(dataDir);
    const filePath = await exports.writeWorkbookStream(1, 'container-movements-report', {
      sheet: '2.2 Container movements',
      columns: COLUMNS,
      batches: batchesOf(rows, 700),
    });
    const written = await readBack(join(dataDir, 'exports', ...filePath.split('/').slice(3)));
    const expected = await readBack(reference);
    expect(written.rowCount).toBe(2501);
    expect(written.cells.length).toBeGreaterThan(2500 * 3);
    expect(written).toEqual(expected);
    // The read-back tells the types apart: a date is a date with its default format, the header bold.
    const dated = expected.cells.find((cell) => (cell as { value: unknown }).value instanceof Date) as {
      style: { numFmt?: string };
    };
    expect(dated.style.numFmt).toBe('mm-dd-yy');
    expect(expected.cells[0]).toMatchObject({ value: 'Moved at', style: { font: { bold: true } } });
  });
});

// Whether `promise` settles within `ms`.
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('zipCaughtUp', () => {
  // exceljs hands the sheet's XML to the zip without waiting for it; the writer waits here instead.
  // Nobody reads the workbook's output at first, so the zip's streams fill up: the writer must be
  // told to wait after a few MB of rows, not write on (as it did, piling the XML up in memory), and
  // go on once the output is read, the file whole.
  it('waits while the zip holds more than its share of the sheet, and goes on once the output is read', async () => {
    const output = new PassThrough();
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    const sheet = book.addWorksheet('2.2 Container movements');
    sheet.columns = COLUMNS;
    const rows = rowsOf(2500);
    let written = 0;
    let waiting: Promise<void> | null = null;
    while (!waiting) {
      for (const row of rows) sheet.addRow(row).commit();
      written += rows.length;
      await new Promise((resolve) => setImmediate(resolve));
      const caughtUp = zipCaughtUp(sheet);
      if (!(await settlesWithin(caughtUp, 100))) waiting = caughtUp;
      // 250,000 rows are about 75 MB of XML (the zip's streams after the first hold what a few MB
      // of it compress to): no wait by then is no backpressure.
      else if (written >= 250_000) throw new Error(`wrote ${written} rows to a zip nobody reads without waiting`);
    }
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    expect(await settlesWithin(waiting, 10_000)).toBe(true);
    sheet.commit();
    await book.commit();
    const readBack = new ExcelJS.Workbook();
    await readBack.xlsx.load(new Uint8Array(Buffer.concat(chunks)).buffer);
    // The header and every row written.
    expect(readBack.worksheets[0]!.rowCount).toBe(written + 1);
    expect(readBack.worksheets[0]!.getRow(written + 1).getCell(3).value).toBe(rows.at(-1)![2]);
  });
});

describe('the xlsx writer thread', () => {
  const names = (count: number) =>
    Array.from({ length: count }, (_, index) => join(dataDir, `thread-${Date.now()}-${index}.xlsx`));

  it('writes workbooks side by side on one thread, each as the plain writer would', async () => {
    const writer = createXlsxWriter();
    try {
      const [first, second, reference] = names(3);
      const rows = rowsOf(1200);
      await plainStreamedFile(reference!, rows);
      await Promise.all([
        writer.write(first!, '2.2 Container movements', COLUMNS, batchesOf(rows, 100)),
        writer.write(second!, '2.2 Container movements', COLUMNS, batchesOf(rows, 450)),
      ]);
      const expected = await readBack(reference!);
      expect(await readBack(first!)).toEqual(expected);
      expect(await readBack(second!)).toEqual(expected);
    } finally {
      await writer.close();
    }
  });

  it('fails an export the thread cannot write with its reason, closes its source, and writes the next', async () => {
    const writer = createXlsxWriter();
    try {
      let closed = false;
      async function* source() {
        try {
          for (;;) yield rowsOf(10);
        } finally {
          closed = true;
        }
      }
      await expect(writer.write(join(dataDir, 'no-such-folder', 'x.xlsx'), 'rows', COLUMNS, source())).rejects.toThrow(
        /ENOENT/,
      );
      expect(closed).toBe(true);
      const [path] = names(1);
      await writer.write(path!, 'rows', COLUMNS, batchesOf(rowsOf(20), 7));
      expect((await readBack(path!)).rowCount).toBe(21);
    } finally {
      await writer.close();
    }
  });

  it('passes a failed read of the rows on, and the thread goes on writing others', async () => {
    const writer = createXlsxWriter();
    try {
      async function* failing() {
        yield rowsOf(10);
        throw new Error('statement failed');
      }
      const [path, next] = names(2);
      await expect(writer.write(path!, 'rows', COLUMNS, failing())).rejects.toThrow('statement failed');
      await writer.write(next!, 'rows', COLUMNS, batchesOf(rowsOf(20), 7));
      expect((await readBack(next!)).rowCount).toBe(21);
    } finally {
      await writer.close();
    }
  });
});
