// Midnight at the start of the given day, in the browser's zone (the date inputs are in it).
export function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}
