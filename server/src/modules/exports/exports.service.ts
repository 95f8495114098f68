import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { once, type EventEmitter } from 'node:events';
import { join } from 'node:path';
import { forbidden, notFound } from '../../errors';
import type { Principal } from '../auth';
import { hasRole, type ExportFormat } from '@openyard/contracts';
import type { Cell as SheetCell, Style, ValueType } from 'exceljs';

export interface Workbook {
  sheet: string;
  columns: { header: string; key: string; width?: number }[];
  rows: Record<string, string | number | Date>[];
  // As the caller asked (the export's format parameter); xlsx when not given.
  format?: ExportFormat | undefined;
}

export type Cell = string | number | Date | null;

// A workbook whose rows come in batches (an SQL query read page by page): written as they come,
// never held whole (issue 18: 100,000 rows of a report in bounded memory).
export interface StreamedWorkbook {
  sheet: string;
  columns: { header: string; key: string; width?: number }[];
  // Each batch a list of rows, values in the order of `columns`.
  batches: AsyncIterable<Cell[][]>;
  format?: ExportFormat | undefined;
}

// One CSV field (RFC 4180): quoted when it holds a separator, a quote or a line break; dates in UTC,
// ISO 8601, as the in-memory path writes them.
function csvField(value: Cell): string {
  if (value === null) return '';
  const text = value instanceof Date ? value.toISOString().slice(0, 19) + 'Z' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

// Rows the xlsx writer writes before it lets the event loop run (and the zip's deflate, which
// compresses a chunk a turn, take the next one).
const WRITE_SLICE = 250;

// The sheet's XML the zip may hold uncompressed before the writer waits for it. exceljs' worksheet
// stream hands the XML, 64 KB at a time, to archiver without heeding write()'s answer (its StreamBuf
// ignores it), into a PassThrough archiver puts before the entry's deflate stream: the writer makes
// XML faster than the deflate takes it, and a 100,000-row sheet piled up 30 MB of it there (issue 18:
// the export's memory).
export const ZIP_BACKLOG_BYTES = 1024 * 1024;

// Not in exceljs' typings: the streaming worksheet's stream and the streams it writes to, which are
// readable-stream 2's (archiver's), without `writableLength`.
interface BufferingStream extends EventEmitter {
  writableLength?: number;
  _writableState?: { length: number };
}

// Resolves once the streams compressing `sheet`'s XML hold at most ZIP_BACKLOG_BYTES of it.
export async function zipCaughtUp(sheet: unknown): Promise<void> {
  const { pipes } = (sheet as { stream: { pipes?: BufferingStream[] } }).stream;
  for (const target of pipes ?? [])
    if ((target.writableLength ?? target._writableState?.length ?? 0) > ZIP_BACKLOG_BYTES) await once(target, 'drain');
}

// The batches of `source`, each asked for before the one before it is written: the database reads
// the next batch while the writer works on this one. One batch ahead at most.
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next: Promise<IteratorResult<T>> | null = iterator.next();
  try {
    for (;;) {
      const current: IteratorResult<T> = await next;
      next = null;
      if (current.done) return;
      next = iterator.next();
      yield current.value;
    }
  } finally {
    // Stopped early (the writer failed): the batch asked for ahead is awaited, its error
    // included, so nothing is left unhandled, and the source is closed.
    if (next) {
      const pending = await next.catch(() => ({ done: true }) as IteratorResult<T>);
      if (!pending.done) await iterator.return?.();
    }
  }
}

const TOKEN = /^[0-9a-f-]{36}$/;
const FILE = /^[A-Za-z0-9._-]+\.(xlsx|csv)$/;

// What a downloaded file is, by its extension.
export const EXPORT_CONTENT_TYPES: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

// A text a spreadsheet would take for a formula (=, +, -, @, and tab or carriage return before
// them) gets a leading apostrophe: a customer named "=HYPERLINK(...)" stays text when the file is
// opened, or edited and saved again (OWASP's CSV injection advice). Numbers and dates are untouched.
export function neutraliseCell(value: string | number | Date): string | number | Date {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

// Exports are written to DATA_DIR/exports/<token>/<name>.xlsx and fetched by the path the export
// call returns (spec 3 §7: "return a file path; the file name is the last path segment"). Only the
// user who made one may fetch it; the PurgeExports job removes them after the retention time.
export function createExportsService(dataDir: string) {
  const root = join(dataDir, 'exports');

  // A new export's folder and file name.
  async function place(baseName: string, format: ExportFormat | undefined) {
    const token = randomUUID();
    const dir = join(root, token);
    await mkdir(dir, { recursive: true });
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const extension = format === 'csv' ? 'csv' : 'xlsx';
    return { token, dir, extension, fileName: `${baseName}-${stamp}.${extension}` };
  }

  return {
    // Writes the rows in the format asked for: xlsx and xls as an Excel workbook, csv as UTF-8 text
    // (with a byte order mark, so Excel reads its accents; times in UTC, ISO 8601).
    async writeWorkbook(ownerId: number, baseName: string, workbook: Workbook): Promise<string> {
      const { dir, token, fileName, extension } = await place(baseName, workbook.format);
      // Loaded on first export: it is the heaviest module of the server and most starts never need it.
      const { default: ExcelJS } = await import('exceljs');
      const book = new ExcelJS.Workbook();
      book.creator = 'Openyard';
      const sheet = book.addWorksheet(workbook.sheet);
      sheet.columns = workbook.columns;
      sheet.getRow(1).font = { bold: true };
      sheet.views = [{ state: 'frozen', ySplit: 1 }];
      sheet.addRows(
        workbook.rows.map((row) =>
          Object.fromEntries(Object.entries(row).map(([key, value]) => [key, neutraliseCell(value)])),
        ),
      );
      if (extension === 'csv')
        await book.csv.writeFile(join(dir, fileName), {
          dateUTC: true,
          dateFormat: 'YYYY-MM-DDTHH:mm:ss[Z]',
          formatterOptions: { writeBOM: true },
        });
      else await book.xlsx.writeFile(join(dir, fileName));
      await writeFile(join(dir, '.owner'), String(ownerId));
      return `/rest/exports/${token}/${fileName}`;
    },

    // The same file as writeWorkbook, written row by row as the batches come: exceljs' streaming
    // writer for xlsx (each row committed to the zip stream, no shared strings), CSV lines for csv.
    async writeWorkbookStream(ownerId: number, baseName: string, workbook: StreamedWorkbook): Promise<string> {
      const { dir, token, fileName, extension } = await place(baseName, workbook.format);
      const path = join(dir, fileName);
      if (extension === 'csv') {
        const out = createWriteStream(path);
        const write = async (line: string) => {
          if (!out.write(line)) await once(out, 'drain');
        };
        await write('\uFEFF' + workbook.columns.map((column) => csvField(column.header)).join(',') + '\r\n');
        for await (const batch of workbook.batches) {
          let chunk = '';
          for (const row of batch)
            chunk += row.map((value) => csvField(neutraliseCell(value ?? '') as Cell)).join(',') + '\r\n';
          await write(chunk);
        }
        out.end();
        await once(out, 'finish');
      } else {
        const { default: ExcelJS } = await import('exceljs');
        const book = new ExcelJS.stream.xlsx.WorkbookWriter({
          filename: path,
          useStyles: true,
          useSharedStrings: false,
        });
        book.creator = 'Openyard';
        const sheet = book.addWorksheet(workbook.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
        sheet.columns = workbook.columns;
        const header = sheet.getRow(1);
        header.font = { bold: true };
        header.commit();
        // exceljs finds a cell's style id by writing its style as XML, unless it has seen that style
        // object before in this workbook (a WeakMap by object); every cell it makes has a new empty
        // one, so that XML was half of the writer's time. The data cells (no row or column style)
        // share one empty style per value type instead (the id also depends on the type: a date's
        // default number format), and the rows one empty row style: each gets the id it had, found once.
        const rowStyle: Partial<Style> = {};
        const plainStyles = new Map<ValueType, Partial<Style>>();
        const shareStyle = (cell: SheetCell) => {
          let style = plainStyles.get(cell.type);
          if (!style) plainStyles.set(cell.type, (style = {}));
          cell.style = style;
        };
        for await (const batch of readAhead(workbook.batches)) {
          for (let index = 0; index < batch.length; index += 1) {
            const row = sheet.addRow(batch[index]!.map((value) => (value === null ? null : neutraliseCell(value))));
            // A row's style object is not in exceljs' typings (only its parts, font, fill …).
            (row as unknown as { style: Partial<Style> }).style = rowStyle;
            row.eachCell(shareStyle);
            row.commit();
            // The event loop between slices of a batch: other requests, and the zip stream's
            // compression, go on while a long export is written.
            // The writer waits there too while the zip has more than ZIP_BACKLOG_BYTES to compress.
            if (index % WRITE_SLICE === WRITE_SLICE - 1) {
              await new Promise((resolve) => setImmediate(resolve));
              await zipCaughtUp(sheet);
            }
          }
        }
        sheet.commit();
        await book.commit();
      }
      await writeFile(join(dir, '.owner'), String(ownerId));
      return `/rest/exports/${token}/${fileName}`;
    },

    async open(token: string, fileName: string, principal: Principal) {
      if (!TOKEN.test(token) || !FILE.test(fileName)) throw notFound();
      const dir = join(root, token);
      const owner = await readFile(join(dir, '.owner'), 'utf8').catch(() => undefined);
      if (owner === undefined) throw notFound();
      if (Number(owner) !== principal.userId && !hasRole(principal, 'superadmin')) throw forbidden();
      // The file is opened here, before the reply starts: a purge that removes it afterwards cannot
      // break the download, and a stream nobody reads holds an open file, not a pending open that
      // fails later with nobody listening.
      const handle = await open(join(dir, fileName), 'r').catch(() => undefined);
      if (!handle) throw notFound();
      const info = await handle.stat().catch(() => undefined);
      if (!info?.isFile()) {
        await handle.close();
        throw notFound();
      }
      const extension = fileName.slice(fileName.lastIndexOf('.') + 1);
      return { stream: handle.createReadStream(), size: info.size, contentType: EXPORT_CONTENT_TYPES[extension]! };
    },

    async purgeOlderThan(cutoff: Date): Promise<number> {
      const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
      let removed = 0;
      for (const entry of entries) {
        if (!entry.isDirectory() || !TOKEN.test(entry.name)) continue;
        const dir = join(root, entry.name);
        const info = await stat(dir);
        if (info.mtime < cutoff) {
          await rm(dir, { recursive: true, force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
