import { atom } from 'jotai';

// The current time, ticking once a second while something shows an age ("last heard 12 s ago").
// One timer for the whole screen instead of one per row.
export const clockSecondState = atom(Date.now());
clockSecondState.debugLabel = 'clockSecondState';
clockSecondState.onMount = (set) => {
  set(Date.now());
  const timer = window.setInterval(() => set(Date.now()), 1_000);
  return () => window.clearInterval(timer);
};
