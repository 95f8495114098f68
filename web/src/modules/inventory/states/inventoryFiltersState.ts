import { atom } from 'jotai';
import type { GridFilters } from '../utils/gridFilters';

// Per-area liner and 20/40 ft filters and the IGM/ITEM filter of the inventory grid.
export const inventoryFiltersState = atom<GridFilters>({ areas: {}, igmItem: null });
inventoryFiltersState.debugLabel = 'inventoryFiltersState';
