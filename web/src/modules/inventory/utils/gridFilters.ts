// What the user narrowed the grid to: per area a liner (from its pie) and the 20/40 ft toggles,
// and across the yard one IGM item.
export interface AreaFilter {
  liner: string | null;
  show20: boolean;
  show40: boolean;
}

export const NO_AREA_FILTER: AreaFilter = { liner: null, show20: true, show40: true };

export interface GridFilters {
  areas: Record<number, AreaFilter>;
  igmItem: string | null;
}
