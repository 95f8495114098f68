import { atom } from 'jotai';

// The container last clicked or found: outlined on the grid, the one Move Container Here moves.
export const inventorySelectionState = atom<number | null>(null);
inventorySelectionState.debugLabel = 'inventorySelectionState';
