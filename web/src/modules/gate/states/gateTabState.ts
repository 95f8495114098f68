import { atom } from 'jotai';

// The gate screen's tabs (spec 1 §2): top tab and the sub-tab of Yard Container Operations. The
// offloading sub-tab is the offloading draft's mode. Reads go where the clerk is working.
export type GateTopTab = 'offloading' | 'trailer' | 'yard';
export type YardTab = 'retag' | 'scanning' | 'dispatch';

export const gateTabState = atom<{ top: GateTopTab; yard: YardTab }>({ top: 'offloading', yard: 'retag' });
gateTabState.debugLabel = 'gateTabState';
