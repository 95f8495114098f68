import { once, type EventEmitter } from 'node:events';
import { parentPort } from 'node:worker_threads';
import type { Cell as SheetCell, Style, ValueType, Worksheet } from 'exceljs';
import { neutraliseCell, type Cell } from './cells';
import type { XlsxReply, XlsxRequest } from './xlsx-writer';

// The xlsx writer thread (xlsx-writer.ts): writes the workbooks the server streams to it, one
// exceljs streaming writer each, the rows as they come. Its heap is its own and small, so the
// garbage of a 100,000-row sheet (a cell object per value, the sheet's XML) is collected here and
// never grows the server's heap (issue 18: the export's memory).

// Rows written before the zip's deflate, which compresses a chunk a turn, gets the next turn.
const WRITE_SLICE = 250;

// The sheet's XML the zip may hold uncompressed before the writer waits for it. exceljs' worksheet
// stream hands the XML, 64 KB at a time, to archiver without heeding write()'s answer (its StreamBuf
// ignores it), into a PassThrough archiver puts before the entry's deflate stream: the writer makes
// XML faster than the deflate takes it, and a 100,000-row sheet piled up 30 MB of it there.
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

// One workbook being written: its book, its sheet, and its rows' writing in order.
interface Open {
  book: { commit(): Promise<void> };
  sheet: Worksheet;
  shareStyle: (cell: SheetCell) => void;
  rowStyle: Partial<Style>;
  // Rejects when the file or the zip fails (a full disk, a missing folder): exceljs pipes the zip
  // into the file without heeding their errors, so the steps would wait on them for ever.
  broken: Promise<never>;
  state: { error: Error | null };
  work: Promise<void>;
  failed: boolean;
}

export async function openWorkbook(
  path: string,
  sheetName: string,
  columns: { header: string; key: string; width?: number }[],
) {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
  book.creator = 'Openyard';
  // Not in exceljs' typings: the file stream and the zip the writer pipes into it.
  const { stream, zip } = book as unknown as { stream: EventEmitter; zip: EventEmitter };
  const state: { error: Error | null } = { error: null };
  const broken = new Promise<never>((_, reject) => {
    const fail = (error: Error) => {
      state.error ??= error;
      reject(error);
    };
    stream.once('error', fail);
    zip.once('error', fail);
  });
  broken.catch(() => undefined);
  const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns;
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  // exceljs finds a cell's style id by writing its style as XML, unless it has seen that style
  // object before in this workbook (a WeakMap by object); every cell it makes has a new empty
  // one, so that XML was half of the writer's time. The data cells (no row or column style)
  // share one empty style per value type instead (the id also depends on the type: a date's
  // default number format), and the rows one empty row style: each gets the id it had, found once.
  const plainStyles = new Map<ValueType, Partial<Style>>();
  const shareStyle = (cell: SheetCell) => {
    let style = plainStyles.get(cell.type);
    if (!style) plainStyles.set(cell.type, (style = {}));
    cell.style = style;
  };
  return { book, sheet, shareStyle, rowStyle: {} as Partial<Style>, broken, state };
}

export async function writeRows(open: Omit<Open, 'work' | 'failed'>, rows: Cell[][]) {
  if (open.state.error) throw open.state.error;
  await Promise.race([writeAll(open, rows), open.broken]);
}

async function writeAll(open: Omit<Open, 'work' | 'failed'>, rows: Cell[][]) {
  for (let index = 0; index < rows.length; index += 1) {
    const row = open.sheet.addRow(rows[index]!.map((value) => (value === null ? null : neutraliseCell(value))));
    // A row's style object is not in exceljs' typings (only its parts, font, fill …).
    (row as unknown as { style: Partial<Style> }).style = open.rowStyle;
    row.eachCell(open.shareStyle);
    row.commit();
    // The writer waits while the zip has more than ZIP_BACKLOG_BYTES to compress, and lets it
    // compress between slices.
    if (index % WRITE_SLICE === WRITE_SLICE - 1) {
      await new Promise((resolve) => setImmediate(resolve));
      await zipCaughtUp(open.sheet);
    }
  }
}

export async function closeWorkbook(open: Omit<Open, 'work' | 'failed'>) {
  if (open.state.error) throw open.state.error;
  open.sheet.commit();
  await Promise.race([open.book.commit(), open.broken]);
}

if (parentPort) {
  const port = parentPort;
  const books = new Map<number, Open>();
  const reply = (message: XlsxReply) => port.postMessage(message);
  // Each workbook's steps run in the order they came, one after another.
  const step = (id: number, work: (open: Open) => Promise<XlsxReply | null>) => {
    const open = books.get(id);
    if (!open) return;
    open.work = open.work.then(async () => {
      if (open.failed) return;
      try {
        const answer = await work(open);
        if (answer) reply(answer);
      } catch (error) {
        open.failed = true;
        books.delete(id);
        reply({ kind: 'failed', id, message: error instanceof Error ? error.message : String(error) });
      }
    });
  };
  port.on('message', (message: XlsxRequest) => {
    switch (message.kind) {
      case 'open': {
        const { id, path, sheet, columns } = message;
        const open = { work: Promise.resolve(), failed: false } as Open;
        books.set(id, open);
        open.work = openWorkbook(path, sheet, columns).then(
          (made) => void Object.assign(open, made),
          (error: unknown) => {
            open.failed = true;
            books.delete(id);
            reply({ kind: 'failed', id, message: error instanceof Error ? error.message : String(error) });
          },
        );
        return;
      }
      case 'rows':
        return step(message.id, async (open) => {
          await writeRows(open, message.rows);
          return { kind: 'written', id: message.id };
        });
      case 'close':
        return step(message.id, async (open) => {
          await closeWorkbook(open);
          books.delete(message.id);
          return { kind: 'closed', id: message.id };
        });
    }
  });
  reply({ kind: 'ready' });
}
