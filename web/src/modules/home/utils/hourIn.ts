export function hourIn(now: Date, timeZone: string | undefined): number {
  try {
    const hour = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(now);
    return Number(hour);
  } catch {
    return now.getHours();
  }
}
