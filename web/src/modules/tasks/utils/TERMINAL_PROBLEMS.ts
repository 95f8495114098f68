// The problems a driver reports with one touch (issue 17, the machine terminal); anything else is
// typed.
export const TERMINAL_PROBLEMS = [
  'Container not found',
  'Target slot occupied',
  'Path blocked',
  'Machine fault',
  'Container damaged',
] as const;
