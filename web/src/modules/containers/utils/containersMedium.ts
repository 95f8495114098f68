import type { YardMapMedium } from '@openyard/contracts';

// The `medium` this client names itself with on container calls (spec 1 §7); it changes nothing
// in the answer, the server logs it.
export const containersMedium: YardMapMedium = 'Web';
