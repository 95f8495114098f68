import { MENU_ENTRIES, type MenuEntry } from '@openyard/contracts';

// Whether a routed screen opens for the user (spec 3 §6: a screen follows its menu entry). A path
// with an entry of its own opens only when the user's menu shows that entry: "also active on" only
// lights another entry (Planning is also active on /configure, which stays the superadmin's). A
// screen without an entry of its own (allocations and shifts, under Machines, spec 3 §2) opens when
// the user may see the entry it belongs to, whether or not this build has that entry's own screen yet.
export function mayOpenScreen(
  path: string,
  shownEntries: readonly MenuEntry[],
  allowedEntries: readonly MenuEntry[],
): boolean {
  const under = (entry: MenuEntry) => (entry.alsoActiveOn ?? []).includes(path);
  if (MENU_ENTRIES.some((entry) => entry.path === path)) return shownEntries.some((entry) => entry.path === path);
  return shownEntries.some(under) || allowedEntries.some(under);
}
