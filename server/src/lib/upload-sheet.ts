import { inflateRawSync } from 'node:zlib';
import {
  messages,
  uploadBytes,
  uploadHeaderKey,
  UPLOAD_MAX_ROWS,
  UPLOAD_ROW_STATUSES,
  UPLOAD_STATUSES,
  isYardDay,
  yardDayRange,
  yardDayStart,
  type UploadFile,
  type UploadResult,
  type UploadRowResult,
} from '@openyard/contracts';
import { badRequest } from '../errors';

// The data rows of an uploaded sheet (spec 3 §7 uploads): xlsx (the first worksheet) or csv
// (UTF-8, comma or semicolon separated), a header row first. Row numbers are the sheet's (the
// header is row 1); blank rows are skipped. Anything that cannot be read is messages.uploadBadFile.
export interface UploadSheet {
  headers: string[];
  rows: { row: number; cells: string[] }[];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

// What a kind of upload allows beyond the common rules: more rows (batch files), refusing
// formulas (a batch row is values, not what a formula made of them), and the most bytes an xlsx may
// unpack to (a zip bomb is refused before it is opened).
export interface SheetLimits {
  maxRows?: number;
  refuseFormulas?: boolean;
  maxUnpackedBytes?: number;
  // A sheet without a required column says which (instead of 'The file could not be read').
  nameMissingColumns?: boolean;
}

// The default unpacked limit: far above any sheet of UPLOAD_MAX_ROWS rows.
const DEFAULT_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
// A zip that unpacks to more than this many times its size is not a spreadsheet (sheets of text
// compress 5 to 30 times).
const MAX_UNPACK_RATIO = 200;

// Where a zip's end-of-central-directory record is (the last one, within the comment's reach), -1
// when there is none.
function endOfDirectory(view: DataView): number {
  for (let index = view.byteLength - 22; index >= Math.max(0, view.byteLength - 22 - 0xffff); index -= 1)
    if (view.getUint32(index, true) === 0x06054b50) return index;
  return -1;
}

// The bytes an xlsx (a zip) says its files unpack to, read from its central directory without
// unpacking anything; null when it is not a zip whose directory can be read.
export function zipUnpackedBytes(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endOfDirectory(view);
  if (end < 0) return null;
  const entries = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  let total = 0;
  for (let entry = 0; entry < entries; entry += 1) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
    const unpacked = view.getUint32(offset + 24, true);
    // Zip64 sizes: no spreadsheet within the upload limit needs them.
    if (unpacked === 0xffffffff) return Number.POSITIVE_INFINITY;
    total += unpacked;
    offset +=
      46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return total;
}

// Whether every entry of the zip unpacks to no more than its directory says (the sizes the check
// above trusts): each is inflated here with that size as the ceiling, so a zip whose headers lie
// (a few kilobytes said, gigabytes inside) is stopped at the lie instead of filling the memory when
// the spreadsheet reader unpacks it. 'lies' when one unpacks to more, 'broken' when one cannot be read.
export function zipEntriesAsDeclared(bytes: Uint8Array): 'ok' | 'lies' | 'broken' {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endOfDirectory(view);
  if (end < 0) return 'broken';
  let offset = view.getUint32(end + 16, true);
  for (let entry = view.getUint16(end + 10, true); entry > 0; entry -= 1) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return 'broken';
    const method = view.getUint16(offset + 10, true);
    const packed = view.getUint32(offset + 20, true);
    const unpacked = view.getUint32(offset + 24, true);
    const local = view.getUint32(offset + 42, true);
    offset +=
      46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) return 'broken';
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + packed > bytes.length) return 'broken';
    if (method === 0) {
      if (packed !== unpacked) return 'lies';
      continue;
    }
    if (method !== 8) return 'broken';
    try {
      inflateRawSync(buffer.subarray(start, start + packed), { maxOutputLength: Math.max(1, unpacked) });
    } catch (error) {
      return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'lies' : 'broken';
    }
  }
  return 'ok';
}

function kindOf(file: UploadFile, bytes: Uint8Array): 'xlsx' | 'csv' | null {
  const name = file.name.toLowerCase();
  const zipped = ZIP_MAGIC.every((byte, index) => bytes[index] === byte);
  if (name.endsWith('.xlsx')) return zipped ? 'xlsx' : null;
  if (name.endsWith('.csv') || name.endsWith('.txt') || file.type?.startsWith('text/')) return zipped ? null : 'csv';
  return zipped ? 'xlsx' : null;
}

export async function readUploadSheet(file: UploadFile, limits: SheetLimits = {}): Promise<UploadSheet> {
  const bytes = await uploadBytes(file);
  const kind = kindOf(file, bytes);
  if (!kind || bytes.length === 0) throw badRequest(messages.uploadBadFile);
  const maxRows = limits.maxRows ?? UPLOAD_MAX_ROWS;
  if (kind === 'xlsx') {
    const unpacked = zipUnpackedBytes(bytes);
    if (unpacked === null) throw badRequest(messages.uploadBadFile);
    if (
      unpacked > (limits.maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED_BYTES) ||
      (unpacked > 10 * 1024 * 1024 && unpacked > bytes.length * MAX_UNPACK_RATIO)
    )
      throw badRequest(messages.batchZipBomb);
    const entries = zipEntriesAsDeclared(bytes);
    if (entries !== 'ok') throw badRequest(entries === 'lies' ? messages.batchZipBomb : messages.uploadBadFile);
  }
  const table =
    kind === 'xlsx' ? await xlsxTable(bytes, maxRows, limits.refuseFormulas ?? false) : csvTable(bytes, limits);
  const headerIndex = table.findIndex((entry) => entry.cells.some((cell) => cell !== ''));
  if (headerIndex < 0) throw badRequest(messages.uploadBadFile);
  const [header, ...rest] = table.slice(headerIndex);
  return {
    headers: header!.cells,
    rows: rest.filter((entry) => entry.cells.some((cell) => cell !== '')),
  };
}

async function xlsxTable(
  bytes: Uint8Array,
  maxRows: number,
  refuseFormulas: boolean,
): Promise<{ row: number; cells: string[] }[]> {
  // Loaded when a sheet comes: it is the heaviest module of the server (as for exports).
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw badRequest(messages.uploadBadFile);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badRequest(messages.uploadBadFile);
  // The header and the data rows: more than that is refused before any row is read.
  if (sheet.actualRowCount > maxRows + 1) throw badRequest(messages.uploadTooManyRows(maxRows));
  const table: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) {
      const cell = row.getCell(column);
      if (refuseFormulas && cell.type === ExcelJS.ValueType.Formula)
        throw badRequest(messages.batchFormula(cell.address));
      cells.push(cell.text.trim());
    }
    table.push({ row: rowNumber, cells });
  });
  return table;
}

// A CSV has no formulas, but a cell that starts with '=' becomes one when the file is opened in a
// spreadsheet: refused where formulas are (the address as a spreadsheet names it).
const columnName = (index: number): string =>
  (index >= 26 ? columnName(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

function csvTable(bytes: Uint8Array, limits: SheetLimits): { row: number; cells: string[] }[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(messages.uploadBadFile);
  }
  if (text.includes('\u0000')) throw badRequest(messages.uploadBadFile);
  const table = parseCsv(text.replace(/^\uFEFF/, '')).map((cells, index) => ({
    row: index + 1,
    cells: cells.map((cell) => cell.trim()),
  }));
  if (limits.refuseFormulas)
    for (const { row, cells } of table) {
      const column = cells.findIndex((cell) => cell.startsWith('='));
      if (column >= 0) throw badRequest(messages.batchFormula(`${columnName(column)}${row}`));
    }
  return table;
}

// CSV as RFC 4180 writes it: quoted fields may hold separators, quotes ("") and line breaks. The
// separator is the header line's: a semicolon when it has one and no comma (Excel in many locales).
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"' && field === '') quoted = true;
    else if (character === separator) {
      row.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += character;
  }
  if (quoted) throw badRequest(messages.uploadBadFile);
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

// An upload's rows by the columns of its sheet: a header names each column (contracts' column
// tables); a sheet without a required column is not a sheet of this kind.
export async function uploadRecords<C extends Readonly<Record<string, readonly string[]>>>(
  file: UploadFile,
  columns: C,
  required: readonly (keyof C & string)[],
  limits: SheetLimits = {},
): Promise<{ row: number; values: Record<keyof C & string, string> }[]> {
  type K = keyof C & string;
  const sheet = await readUploadSheet(file, limits);
  const keys = sheet.headers.map(uploadHeaderKey);
  const positions = Object.fromEntries(
    (Object.keys(columns) as K[]).map((name) => [name, keys.findIndex((key) => columns[name]!.includes(key))]),
  ) as Record<K, number>;
  const missing = required.filter((name) => positions[name] < 0);
  if (missing.length)
    throw badRequest(
      limits.nameMissingColumns ? messages.batchWrongColumns(missing.join(', ')) : messages.uploadBadFile,
    );
  if (!sheet.rows.length) throw badRequest(messages.uploadNoRows);
  const maxRows = limits.maxRows ?? UPLOAD_MAX_ROWS;
  if (sheet.rows.length > maxRows) throw badRequest(messages.uploadTooManyRows(maxRows));
  return sheet.rows.map(({ row, cells }) => ({
    row,
    values: Object.fromEntries(
      (Object.keys(columns) as K[]).map((name) => [name, positions[name] < 0 ? '' : (cells[positions[name]] ?? '')]),
    ) as Record<K, string>,
  }));
}

// A value seen in an earlier row of the same file: that row's number.
export function repeats<T>(items: readonly T[], keyOf: (item: T) => string): Map<T, number> {
  const first = new Map<string, number>();
  const repeated = new Map<T, number>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, index);
    else repeated.set(item, earlier);
  });
  return repeated;
}

export function uploadAnswer(rows: UploadRowResult[], savedCount: number): UploadResult {
  const refused = rows.some((row) => row.status === UPLOAD_ROW_STATUSES.refused);
  return refused
    ? {
        responsestatus: UPLOAD_STATUSES.failed,
        saved: 0,
        rows: rows.map((row) =>
          row.status === UPLOAD_ROW_STATUSES.saved ? { row: row.row, status: UPLOAD_ROW_STATUSES.notSaved } : row,
        ),
      }
    : { responsestatus: UPLOAD_STATUSES.success, saved: savedCount, rows };
}

// A sheet's date: epoch milliseconds, an ISO date or time, or a day written DD-MM-YYYY / DD/MM/YYYY
// or YYYY-MM-DD. A day alone is the yard's: its first instant, or with `dayAlone: 'end'` its last
// (the end of a window given as a day). Empty: null; anything else: 'bad'.
export function sheetDate(value: string, timeZone: string, dayAlone: 'start' | 'end' = 'start'): Date | null | 'bad' {
  const text = value.trim();
  if (!text) return null;
  if (/^\d{12,14}$/.test(text)) return new Date(Number(text));
  const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  const day = dayFirst
    ? `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`
    : /^\d{4}-\d{2}-\d{2}$/.test(text)
      ? text
      : null;
  if (day) {
    // Not a day of the calendar (31-02-2026): refused, not thrown.
    if (!isYardDay(day)) return 'bad';
    return new Date(dayAlone === 'end' ? yardDayRange(day, timeZone).to : yardDayStart(day, timeZone));
  }
  const parsed = Date.parse(text);
  return Number.isFinite(parsed) ? new Date(parsed) : 'bad';
}
