import { MOBILE_SEARCH_PATHS } from '@openyard/contracts';

// The mobile view's address for a search (spec 2 §2: /mobile-search-view?query={comma separated
// container numbers}).
export function mobileSearchViewUrl(query: string): string {
  return `${MOBILE_SEARCH_PATHS.view}?${new URLSearchParams({ query }).toString()}`;
}

// What the view hands back to the search page when its query was empty or invalid (spec 2 §8).
export interface MobileSearchState {
  message?: string;
  query?: string;
}
