import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { forbidden, notFound } from '../../errors';
import type { Principal } from '../auth/principal';
import { isRole } from '@openyard/contracts';

export interface Workbook {
  sheet: string;
  columns: { header: string; key: string; width?: number }[];
  rows: Record<string, string | number | Date>[];
}

const TOKEN = /^[0-9a-f-]{36}$/;
const FILE = /^[A-Za-z0-9._-]+\.xlsx$/;

// Exports are written to DATA_DIR/exports/<token>/<name>.xlsx and fetched by the path the export
// call returns (spec 3 §7: "return a file path; the file name is the last path segment"). Only the
// user who made one may fetch it; the PurgeExports job removes them after the retention time.
export function createExportsService(dataDir: string) {
  const root = join(dataDir, 'exports');

  return {
    async writeWorkbook(ownerId: number, baseName: string, workbook: Workbook): Promise<string> {
      const token = randomUUID();
      const dir = join(root, token);
      await mkdir(dir, { recursive: true });
      // Loaded on first export: it is the heaviest module of the server and most starts never need it.
      const { default: ExcelJS } = await import('exceljs');
      const book = new ExcelJS.Workbook();
      book.creator = 'Openyard';
      const sheet = book.addWorksheet(workbook.sheet);
      sheet.columns = workbook.columns;
      sheet.getRow(1).font = { bold: true };
      sheet.views = [{ state: 'frozen', ySplit: 1 }];
      sheet.addRows(workbook.rows);
      const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
      const fileName = `${baseName}-${stamp}.xlsx`;
      await book.xlsx.writeFile(join(dir, fileName));
      await writeFile(join(dir, '.owner'), String(ownerId));
      return `/rest/exports/${token}/${fileName}`;
    },

    async open(token: string, fileName: string, principal: Principal) {
      if (!TOKEN.test(token) || !FILE.test(fileName)) throw notFound();
      const dir = join(root, token);
      const owner = await readFile(join(dir, '.owner'), 'utf8').catch(() => undefined);
      if (owner === undefined) throw notFound();
      if (Number(owner) !== principal.userId && !isRole(principal.role, 'superadmin')) throw forbidden();
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
      return { stream: handle.createReadStream(), size: info.size };
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
