import type { AllocationRowColour } from '@openyard/contracts';

// The row colours of spec 2 §4 (light grey: running now with the machine in its area; pink: running
// now with the machine elsewhere; dark grey: not running now), with words beside them so that the
// colour is not all that carries it, and a text colour readable on each (muted for the dark theme).
export const ALLOCATION_TONES: Record<AllocationRowColour, { background: string; text: string; label: string }> = {
  current: { background: '#c3cad2', text: '#141a20', label: 'Now, in its area' },
  misplaced: { background: '#f4a6c0', text: '#141a20', label: 'Now, elsewhere' },
  notNow: { background: '#3a4450', text: '#e6ebf0', label: 'Not now' },
};
