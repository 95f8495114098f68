// The gate's rules that both the clerk's form and the server apply (spec 1 §5, §9; spec 3 §5).
// The server is the authority; the form runs the same functions so that a clerk sees the spec's
// message before the request leaves the browser.

// Special tags stand in for an RFID tag on boxes that cannot carry one (spec 1 §5, §9). They are
// never bound to a single container: many reefers can be gated in with 'Refer Tag' at once.
export const SPECIAL_TAGS = ['Refer Tag', 'ODC Tag', 'Tank Tag', 'DummyTag'] as const;
export type SpecialTag = (typeof SPECIAL_TAGS)[number];

export const CONTAINER_NUMBER_LENGTH = 11;
export const TAG_LENGTH = 8;
// A trailer number is what a driver's papers say; longer is a typing or scanning accident.
export const TRAILER_NUMBER_MAX_LENGTH = 20;

export function isSpecialTag(tag: string): tag is SpecialTag {
  return (SPECIAL_TAGS as readonly string[]).includes(tag);
}

// An RFID container tag: 8 digits, or one of the special tags (spec 1 §5).
export function isValidContainerTag(tag: string): boolean {
  return /^\d{8}$/.test(tag) || isSpecialTag(tag);
}

// Gate forms only check the length of a number (spec 1 §5); the check digit is the server's
// warning that the clerk may override (skipValidation).
export function hasContainerNumberLength(number: string): boolean {
  return number.trim().length === CONTAINER_NUMBER_LENGTH;
}

// Trailer tags and the new tag of a retag: 8 characters (spec 1 §5).
export function hasTagLength(tag: string): boolean {
  return tag.trim().length === TAG_LENGTH;
}

// A tag is at the end of its life `lifetimeDays` after it was first bound (spec 1 §4 Tag validity;
// the lifetime is the yard's configuration). Special tags never expire.
export function isTagExpired(tag: string, firstUsedAt: number | null, lifetimeDays: number, now: number): boolean {
  if (isSpecialTag(tag) || firstUsedAt === null) return false;
  return now - firstUsedAt >= lifetimeDays * 86_400_000;
}

// Trailer gate-in purposes and trailer classes (spec 1 §9).
export const TRAILER_GATE_IN_TYPES = ['Import', 'Loaded Delivery', 'De-stuff Delivery', 'Empty Delivery'] as const;
export type TrailerGateInType = (typeof TRAILER_GATE_IN_TYPES)[number];
export const TRAILER_CLASSES = ['Drop', 'Pickup'] as const;
export type TrailerClass = (typeof TRAILER_CLASSES)[number];

// The activity groups of spec 1 §9: a container's gate-in and a vehicle's.
export const ACTIVITY_GROUPS = { container: 'CONTAINER GATE-IN', vehicle: 'VEHICLE GATE-IN' } as const;

// The gate-in purposes of a container (the form's 'gate-in type'): what the box comes for.
export const CONTAINER_GATE_IN_PURPOSES = ['Import', 'Export', 'Empty', 'Transhipment'] as const;

// Exit processes of a dispatch; scanning is a dispatch for the customs scanner (spec 1 §2).
export const EXIT_PROCESSES = ['Delivery', 'Export', 'Empty', 'Scanning'] as const;

// The trailers' dispatch mode when the clerk does not choose one (spec 3 §9).
export const DEFAULT_DISPATCH_MODE = 'HAWK-E';

// Success texts clear after these (spec 1 §4): gate-in 2 s (unless tasks were generated or
// planning is on), dispatch 1 s, retag 2 s.
export const GATE_RESET_MS = { gateIn: 2000, dispatch: 1000, retag: 2000 } as const;

// A read at a gate is offered to the clerk while it is this fresh (an older one belongs to an
// earlier truck), and not while the same tag was used by a committed transaction at that gate
// within this time of the read (a truck still under the reader after its gate-in).
export const GATE_TAG_FRESH_MS = 15 * 60_000;
