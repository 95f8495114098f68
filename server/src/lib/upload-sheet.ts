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

function kindOf(file: UploadFile, bytes: Uint8Array): 'xlsx' | 'csv' | null {
  const name = file.name.toLowerCase();
  const zipped = ZIP_MAGIC.every((byte, index) => bytes[index] === byte);
  if (name.endsWith('.xlsx')) return zipped ? 'xlsx' : null;
  if (name.endsWith('.csv') || name.endsWith('.txt') || file.type?.startsWith('text/')) return zipped ? null : 'csv';
  return zipped ? 'xlsx' : null;
}

export async function readUploadSheet(file: UploadFile): Promise<UploadSheet> {
  const bytes = await uploadBytes(file);
  const kind = kindOf(file, bytes);
  if (!kind || bytes.length === 0) throw badRequest(messages.uploadBadFile);
  const table = kind === 'xlsx' ? await xlsxTable(bytes) : csvTable(bytes);
  const headerIndex = table.findIndex((entry) => entry.cells.some((cell) => cell !== ''));
  if (headerIndex < 0) throw badRequest(messages.uploadBadFile);
  const [header, ...rest] = table.slice(headerIndex);
  return {
    headers: header!.cells,
    rows: rest.filter((entry) => entry.cells.some((cell) => cell !== '')),
  };
}

async function xlsxTable(bytes: Uint8Array): Promise<{ row: number; cells: string[] }[]> {
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
  const table: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) cells.push(row.getCell(column).text.trim());
    table.push({ row: rowNumber, cells });
  });
  return table;
}

function csvTable(bytes: Uint8Array): { row: number; cells: string[] }[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(messages.uploadBadFile);
  }
  if (text.includes('\u0000')) throw badRequest(messages.uploadBadFile);
  return parseCsv(text.replace(/^\uFEFF/, '')).map((cells, index) => ({
    row: index + 1,
    cells: cells.map((cell) => cell.trim()),
  }));
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
): Promise<{ row: number; values: Record<keyof C & string, string> }[]> {
  type K = keyof C & string;
  const sheet = await readUploadSheet(file);
  const keys = sheet.headers.map(uploadHeaderKey);
  const positions = Object.fromEntries(
    (Object.keys(columns) as K[]).map((name) => [name, keys.findIndex((key) => columns[name]!.includes(key))]),
  ) as Record<K, number>;
  if (required.some((name) => positions[name] < 0)) throw badRequest(messages.uploadBadFile);
  if (!sheet.rows.length) throw badRequest(messages.uploadNoRows);
  if (sheet.rows.length > UPLOAD_MAX_ROWS) throw badRequest(messages.uploadTooManyRows(UPLOAD_MAX_ROWS));
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
