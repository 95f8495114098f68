import { atom } from 'jotai';

// Whether the grid shows the colour rules of the configure screen.
export const inventoryRulesShownState = atom(false);
inventoryRulesShownState.debugLabel = 'inventoryRulesShownState';
