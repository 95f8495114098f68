// Figures of the load runners and the benches: percentiles, rounding, plain text tables.
export interface Percentiles {
  count: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

export function percentiles(values: number[]): Percentiles {
  if (!values.length) return { count: 0, p50: null, p95: null, p99: null };
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export const round = (value: number | null | undefined, digits = 0): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : Number(value.toFixed(digits));

export const fmt = (value: number | null | undefined, digits = 0) => {
  const rounded = round(value, digits);
  return rounded === null ? '–' : rounded.toLocaleString('en-US', { maximumFractionDigits: digits });
};

// A plain text table: first row is the header, numbers right-aligned.
export function table(rows: (string | number)[][]): string {
  const text = rows.map((row) => row.map(String));
  const widths = text[0]!.map((_, column) => Math.max(...text.map((row) => row[column]?.length ?? 0)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 || !/^[-–\d.,% ]+$/.test(cell) ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [line(text[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...text.slice(1).map(line)].join('\n');
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
