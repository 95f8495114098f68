// A cell of an exported sheet, and what every writer (xlsx, csv, the in-memory workbook, the xlsx
// thread) does to texts before they are written.
export type Cell = string | number | Date | null;

// A text a spreadsheet would take for a formula (=, +, -, @, and tab or carriage return before
// them) gets a leading apostrophe: a customer named "=HYPERLINK(...)" stays text when the file is
// opened, or edited and saved again (OWASP's CSV injection advice). Numbers and dates are untouched.
export function neutraliseCell(value: string | number | Date): string | number | Date {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
