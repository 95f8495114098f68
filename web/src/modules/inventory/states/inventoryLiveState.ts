import { atom } from 'jotai';

// The spec's auto-refresh toggle: live updates of the grid on or off.
export const inventoryLiveState = atom(true);
inventoryLiveState.debugLabel = 'inventoryLiveState';
