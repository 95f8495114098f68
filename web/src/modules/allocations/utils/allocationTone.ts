import type { AllocationRowColour } from '@openyard/contracts';

// The row colours of spec 2 §4 (light grey: running now with the machine in its area; pink: running
// now with the machine elsewhere; dark grey: not running now), with words beside them so that the
// colour is not all that carries it, and a text colour readable on each.
export const ALLOCATION_TONES: Record<AllocationRowColour, { background: string; text: string; label: string }> = {
  current: { background: '#dee2e6', text: '#212529', label: 'Now, in its area' },
  misplaced: { background: '#fcc2d7', text: '#212529', label: 'Now, elsewhere' },
  notNow: { background: '#495057', text: '#f1f3f5', label: 'Not now' },
};
