import { InventoryStore } from './InventoryStore';

// The tab's one inventory store: the grid and the area panel read it; it outlives a visit of the
// screen so that coming back shows the yard at once while the snapshot is checked (304 if unchanged).
export const yardInventory = new InventoryStore();
