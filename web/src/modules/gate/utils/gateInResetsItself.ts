import type { GateInResult } from '@openyard/contracts';

// Spec 1 §4 Gate-in: the success clears itself (after GATE_RESET_MS.gateIn) unless tasks were
// generated, which the clerk prints first, or planning is on, whose suggestions the clerk reads.
export function gateInResetsItself(result: Pick<GateInResult, 'tasks'>, planning: boolean): boolean {
  return result.tasks.length === 0 && !planning;
}
