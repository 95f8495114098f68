import { describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { emptyContainer, emptyOffloading, emptyOutContainer, type OffloadingDraft } from './gateDrafts';
import { gateInProblem } from './gateInProblem';

const box = (containerNumber: string, tagId: string) => ({
  ...emptyContainer(),
  containerNumber,
  tagId,
  gateInPurpose: 'Import',
  containerSize: '20',
});
const single = (): OffloadingDraft => ({
  ...emptyOffloading('single'),
  container1: box('MSCU1234565', '10000001'),
  trailerNumber: 'MH04-TR-1',
  trailerTag: '20000001',
});
const double = (): OffloadingDraft => ({ ...single(), mode: 'double', container2: box('TGHU7654321', '10000002') });
const off = { planning: false };

describe('gateInProblem (spec 1 §5, in the order the form is filled)', () => {
  it('accepts a complete single and double gate-in', () => {
    expect(gateInProblem(single(), off)).toBeNull();
    expect(gateInProblem(double(), off)).toBeNull();
  });

  it('asks for data first, then the number of containers of the mode', () => {
    expect(gateInProblem(emptyOffloading('single'), off)).toBe(messages.gateInInsufficientData);
    expect(gateInProblem({ ...double(), container2: emptyContainer() }, off)).toBe(messages.gateDoubleNeedsTwo);
    expect(gateInProblem({ ...single(), container2: box('TGHU7654321', '') }, off)).toBe(messages.gateSingleNeedsOne);
  });

  it('checks the first container before the second, purpose before number before tag', () => {
    const draft = double();
    draft.container1 = { ...draft.container1, gateInPurpose: '', containerNumber: 'X' };
    draft.container2 = { ...draft.container2, gateInPurpose: '' };
    expect(gateInProblem(draft, off)).toBe(messages.gateInPurposeRequired);
    draft.container1.gateInPurpose = 'Import';
    expect(gateInProblem(draft, off)).toBe(messages.gateFirstNumberInvalid);
    draft.container1.containerNumber = 'MSCU1234565';
    draft.container1.tagId = '123';
    expect(gateInProblem(draft, off)).toBe(messages.gateFirstTagInvalid);
    draft.container1.tagId = 'Refer Tag';
    expect(gateInProblem(draft, off)).toBe(messages.gateInPurposeRequiredSecond);
    draft.container2.gateInPurpose = 'Export';
    draft.container2.containerNumber = 'short';
    expect(gateInProblem(draft, off)).toBe(messages.gateSecondNumberInvalid);
    draft.container2.containerNumber = 'TGHU7654321';
    draft.container2.tagId = 'abcdefgh';
    expect(gateInProblem(draft, off)).toBe(messages.gateSecondTagInvalid);
  });

  it('refuses the same number or tag twice, special tags excepted', () => {
    const same = double();
    same.container2 = { ...same.container2, containerNumber: 'mscu1234565' };
    expect(gateInProblem(same, off)).toBe(messages.gateSameNumbers);
    const sameTag = double();
    sameTag.container2 = { ...sameTag.container2, tagId: '10000001' };
    expect(gateInProblem(sameTag, off)).toBe(messages.gateSameTags);
    const special = double();
    special.container1 = { ...special.container1, tagId: 'Refer Tag' };
    special.container2 = { ...special.container2, tagId: 'Refer Tag' };
    expect(gateInProblem(special, off)).toBeNull();
  });

  it('then the trailer: number, then a tag of 8 characters', () => {
    expect(gateInProblem({ ...single(), trailerNumber: ' ' }, off)).toBe(messages.gateTrailerNumberRequired);
    expect(gateInProblem({ ...single(), trailerTag: '123' }, off)).toBe(messages.gateTrailerTagInvalid);
  });

  it('needs a task type and mode per out-container, and with planning sizes and activities', () => {
    const out = { ...emptyOutContainer(), containerNumber: 'CSQU3054383' };
    expect(gateInProblem({ ...single(), outContainers: [out] }, off)).toBe(messages.gateExportTaskIncomplete);
    const tasked = { ...out, taskType: 'Export Loading', deliveryMode: 'Export Out' };
    expect(gateInProblem({ ...single(), outContainers: [tasked] }, off)).toBeNull();
    const planning = { planning: true };
    const noSize = single();
    noSize.container1 = { ...noSize.container1, containerSize: '' };
    expect(gateInProblem(noSize, planning)).toBe(messages.gatePlanningSizeRequired);
    expect(gateInProblem({ ...single(), outContainers: [tasked] }, planning)).toBe(
      messages.gatePlanningOutActivityRequired,
    );
  });
});
