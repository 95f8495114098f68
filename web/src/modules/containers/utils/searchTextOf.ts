import type { ContainerSearch } from './ContainerSearch';

// Several search texts travel joined with '&*' (spec 1 §7); an empty search sends none.
export function searchTextOf(search: ContainerSearch): string | undefined {
  const texts = search.texts.map((text) => text.trim()).filter(Boolean);
  return texts.length ? texts.join('&*') : undefined;
}
