import type { MachineAllocation, MachineAllocationSave } from '@openyard/contracts';

export interface SavesOutcome {
  // The allocations saved, as the server answered them.
  saved: MachineAllocation[];
  // The saves the server refused, with its words.
  refused: { save: MachineAllocationSave; message: string }[];
}

// The per-area saves of the Gantt's edits, one after another (spec 2 §5 "one save per area"). A save
// refused while others went through is tried once more at the end: a machine moved from one area
// to another can be refused until the other area's save has moved the allocation in its way.
export async function saveInTurn(
  saves: readonly MachineAllocationSave[],
  call: (save: MachineAllocationSave) => Promise<{ allocations: MachineAllocation[] }>,
  messageOf: (error: unknown) => string,
): Promise<SavesOutcome> {
  const saved: MachineAllocation[] = [];
  let refused: SavesOutcome['refused'] = [];
  const attempt = async (list: readonly MachineAllocationSave[]) => {
    const failed: SavesOutcome['refused'] = [];
    for (const save of list) {
      try {
        saved.push(...(await call(save)).allocations);
      } catch (error) {
        failed.push({ save, message: messageOf(error) });
      }
    }
    return failed;
  };
  refused = await attempt(saves);
  if (refused.length && refused.length < saves.length) refused = await attempt(refused.map(({ save }) => save));
  return { saved, refused };
}
