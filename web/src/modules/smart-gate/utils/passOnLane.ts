import {
  normalizeContainerNumber,
  rankNearMisses,
  type GatePass,
  type LiveMessage,
  type OcrCandidates,
} from '@openyard/contracts';

// The pass check of the number on an /igateout lane: not done, a valid pass, or none found.
export type PassCheck = { kind: 'unchecked' } | { kind: 'valid'; pass: GatePass } | { kind: 'none'; message: string };

// What `gatePasses.changed.v1` says: the ids and container numbers of the passes written.
export type GatePassesChange = Extract<LiveMessage, { type: 'gatePasses.changed.v1' }>['data'];

// Whether a change of the gate-pass store (topic `gate-passes`, issue 16) makes the lane ask for
// its number's pass again. Only a check the operator has made is shown, so an unchecked lane has
// nothing to redo; a checked one is asked again when the change names its number (a pass added,
// imported, edited, used by another lane or deleted) or the pass it verified (renumbered away).
// `null` is a resync: what changed meanwhile is unknown, so any check made is made again.
export function passNeedsRecheck(pass: PassCheck, containerNumber: string, change: GatePassesChange | null): boolean {
  if (pass.kind === 'unchecked') return false;
  const number = normalizeContainerNumber(containerNumber);
  if (number === '') return false;
  if (change === null) return true;
  if (change.containerNumbers.some((changed) => normalizeContainerNumber(changed) === number)) return true;
  return pass.kind === 'valid' && change.ids.includes(pass.pass.id);
}

// Whether a change of the gate-pass store moves the lane's candidates: open gate passes are among
// the numbers a read is ranked against (near-miss rule), so a change reloads them when it names a
// number offered now (used or deleted: it leaves the list) or a number near one of the record's
// reads (added or renumbered: it may join it). Others' passes leave the list as the operator sees
// it, so a key pressed is the candidate shown. `null` is a resync: reload what is shown.
export function candidatesNeedReload(candidates: OcrCandidates | null, change: GatePassesChange | null): boolean {
  if (candidates === null) return false;
  if (change === null) return true;
  const changed = new Set(change.containerNumbers.map(normalizeContainerNumber));
  const shown = [...candidates.matches.map((match) => match.containerNumber), candidates.exact ?? ''];
  if (shown.some((number) => changed.has(normalizeContainerNumber(number)))) return true;
  const near = rankNearMisses(
    candidates.reads,
    [...changed].map((containerNumber) => ({ containerNumber, source: 'gatePass' as const })),
  );
  return near.exact !== null || near.matches.length > 0;
}
