// The dashboard's series colours: distinguishable on the dark theme, and never the only carrier of
// meaning (every chart names its series and slices in words beside them).
export const SERIES_COLORS = {
  gateIn: '#43c3d3',
  gateOut: '#fd7e14',
  byMachine: '#845ef7',
  byHand: '#51cf66',
  containers: '#43c3d3',
  teus: '#748ffc',
  empty: '#94d82d',
  moves: '#845ef7',
  completed: '#51cf66',
  open: '#fcc419',
} as const;

// Slices of a pie by name (customers, liners, trailer types), in order.
export const PALETTE = [
  '#43c3d3',
  '#fd7e14',
  '#845ef7',
  '#51cf66',
  '#fcc419',
  '#f06595',
  '#748ffc',
  '#20c997',
  '#ff8787',
  '#a9e34b',
];

// The largest `keep` groups, and the rest together as 'Others' (a pie of forty customers reads as none).
export function topGroups<T extends { name: string; value: number }>(groups: readonly T[], keep = 8) {
  const sorted = [...groups].sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  if (sorted.length <= keep + 1) return sorted.map(({ name, value }) => ({ name, value }));
  const rest = sorted.slice(keep).reduce((sum, group) => sum + group.value, 0);
  return [...sorted.slice(0, keep).map(({ name, value }) => ({ name, value })), { name: 'Others', value: rest }];
}
