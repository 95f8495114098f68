import type { KioskTaskChoices, KioskTaskInput } from '../kiosk';
import { messages } from '../messages';
import { CONTAINER_NUMBER_LENGTH } from './gate';
import { deliveryModesFor, locationsFor } from './task-types';

// The kiosk's rules (spec 2 §5, §9; issue 21): the kiosk pages check them before a call, the server
// again on the kiosk's save.

// The on-screen keyboard of the locate and tasks screens (spec 2 §2, §9: digits, letters, a colon
// and a comma) and the status screen's numeric keypad, key by key in the order shown.
export const KIOSK_KEYBOARD_ROWS = [
  ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'],
  ['Q', 'W', 'E', 'R', 'T', 'Y', 'U', 'I', 'O', 'P'],
  ['A', 'S', 'D', 'F', 'G', 'H', 'J', 'K', 'L', ':'],
  ['Z', 'X', 'C', 'V', 'B', 'N', 'M', ','],
] as const;
export const KIOSK_KEYPAD_ROWS = [['1', '2', '3'], ['4', '5', '6'], ['7', '8', '9'], ['0']] as const;

// The shortest a person's finger can hit reliably (WCAG 2.5.5): every control of the kiosk and
// mobile pages is at least this tall and wide, in CSS pixels.
export const MIN_TOUCH_TARGET_PX = 44;

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

// The number a kiosk task saves: trimmed, upper case, its first 11 characters (spec 2 §5).
export function kioskContainerNumber(raw: string): string {
  return raw.trim().toUpperCase().slice(0, CONTAINER_NUMBER_LENGTH);
}

// The delivery modes and locations a row of this task type offers, out of the kiosk's choices
// (the task type narrows both, spec 3 §5); a kiosk row always names a mode (spec 2 §5).
export function kioskRowChoices(taskType: string, choices: KioskTaskChoices) {
  return {
    deliveryModes: deliveryModesFor(taskType, choices.deliveryModes).filter(
      (mode) => mode !== '' && choices.deliveryModes.includes(mode),
    ),
    toLocations: locationsFor(taskType, choices.locations),
    fromLocations: choices.locations,
  };
}

// Why a kiosk row may not be saved, or null. A row is complete only with container number, task
// type, from location, to location and delivery mode (spec 2 §5); each must be one the kiosk offers.
export function kioskTaskRowProblem(row: Partial<KioskTaskInput>, choices: KioskTaskChoices): string | null {
  const { containerNumber, taskType, deliveryMode, fromLocation, toLocation } = row;
  if (![containerNumber, taskType, deliveryMode, fromLocation, toLocation].every(filled))
    return messages.kioskTaskIncomplete;
  const offered = kioskRowChoices(taskType!, choices);
  if (
    !choices.taskTypes.includes(taskType!) ||
    !offered.deliveryModes.includes(deliveryMode!) ||
    !offered.fromLocations.includes(fromLocation!) ||
    !offered.toLocations.includes(toLocation!)
  )
    return messages.gateTaskTypeRule(taskType!);
  return null;
}

// Save is disabled while loading or if any row is untouched or invalid (spec 2 §5); with no row
// there is nothing to save.
export function kioskSaveEnabled(
  rows: readonly { row: Partial<KioskTaskInput>; touched: boolean }[],
  loading: boolean,
  choices: KioskTaskChoices,
): boolean {
  return (
    !loading &&
    rows.length > 0 &&
    rows.every(({ row, touched }) => touched && kioskTaskRowProblem(row, choices) === null)
  );
}

// The kiosk tasks' search (spec 2 §2, §5): by IGM item, written IGM:ITEM; only one IGM item tag.
export function kioskIgmSearch(
  tags: readonly string[],
): { kind: 'igm'; igm: string; item: string } | { kind: 'error'; error: string } {
  const entries = tags.map((tag) => tag.trim()).filter(Boolean);
  if (entries.length > 1) return { kind: 'error', error: messages.kioskOneIgmItem };
  const [igm = '', item = '', ...rest] = (entries[0] ?? '').split(':').map((part) => part.trim());
  if (!igm || !item || rest.length) return { kind: 'error', error: messages.kioskIgmItemFormat };
  return { kind: 'igm', igm, item };
}

// A kiosk left alone this long goes back to its start page and forgets what was typed: the next
// customer does not see the last one's containers (issue 21).
export const KIOSK_IDLE_RESET_MS = 120_000;
