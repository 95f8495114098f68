const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    };
    try {
      // sv-SE writes ISO-like "2024-05-01 13:45:10", which sorts and reads the same in every yard.
      formatter = new Intl.DateTimeFormat('sv-SE', { ...options, timeZone });
    } catch {
      // An unknown zone in the configuration must not break the screen: fall back to the browser's.
      formatter = new Intl.DateTimeFormat('sv-SE', options);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

// Times are shown in the yard's configured time zone (DESIGN §5); empty for a missing time.
export function formatDateTime(epochMs: number | null | undefined, timeZone?: string): string {
  if (epochMs === null || epochMs === undefined) return '';
  return formatterFor(timeZone || undefined).format(new Date(epochMs));
}
