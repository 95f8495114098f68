import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { forbidden, notFound } from '../../errors';
import type { Principal } from '../auth';
import { hasRole, type ExportFormat } from '@openyard/contracts';
import { neutraliseCell, type Cell } from './cells';
import { createXlsxWriter } from './xlsx-writer';

export { neutraliseCell, type Cell } from './cells';

export interface Workbook {
  sheet: string;
  columns: { header: string; key: string; width?: number }[];
  rows: Record<string, string | number | Date>[];
  // As the caller asked (the export's format parameter); xlsx when not given.
  format?: ExportFormat | undefined;
}

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

const TOKEN = /^[0-9a-f-]{36}$/;
const FILE = /^[A-Za-z0-9._-]+\.(xlsx|csv)$/;

// What a downloaded file is, by its extension.
export const EXPORT_CONTENT_TYPES: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

// Exports are written to DATA_DIR/exports/<token>/<name>.xlsx and fetched by the path the export
// call returns (spec 3 §7: "return a file path; the file name is the last path segment"). Only the
// user who made one may fetch it; the PurgeExports job removes them after the retention time.
export function createExportsService(dataDir: string) {
  const root = join(dataDir, 'exports');
  const xlsx = createXlsxWriter();

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
    // writer for xlsx (each row committed to the zip stream, no shared strings), on the xlsx writer
    // thread (xlsx-writer.ts); CSV lines for csv.
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
        await xlsx.write(path, workbook.sheet, workbook.columns, workbook.batches);
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

    // The xlsx writer thread stopped (the services closing; an idle one stops by itself).
    close: () => xlsx.close(),
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
