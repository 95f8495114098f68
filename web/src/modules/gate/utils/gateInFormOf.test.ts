import { describe, expect, it } from 'vitest';
import { gateInFormProblem, messages } from '@openyard/contracts';
import { emptyContainer, emptyOffloading, emptyOutContainer, type OffloadingDraft } from './gateDrafts';
import { gateInFormOf } from './gateInFormOf';

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
// The message the form shows for a draft: the contracts' rules (spec 1 §5) on what it would send.
const messageOf = (draft: OffloadingDraft, planning = false) =>
  gateInFormProblem(gateInFormOf(draft, { requestId: 'abcdefgh', gateId: 1, planning }))?.message ?? null;

describe('the offloading form’s request and its messages, in the order the form is filled', () => {
  it('sends a complete single and double gate-in', () => {
    expect(messageOf(single())).toBeNull();
    expect(messageOf(double())).toBeNull();
    const form = gateInFormOf(double(), { requestId: 'abcdefgh', gateId: 3, planning: true });
    expect(form).toMatchObject({
      mode: 'double',
      gateId: 3,
      container1Data: { containerNumber: 'MSCU1234565', tagId: '10000001', activityGroup: 'CONTAINER GATE-IN' },
      container2Data: { containerNumber: 'TGHU7654321' },
      trailerTag1: '20000001',
      gateOutWithExportContainer: false,
    });
    expect(form.planningGeneratedTasks?.map((task) => task.taskType)).toEqual(['Offloading', 'Offloading']);
    expect(
      gateInFormOf(single(), { requestId: 'abcdefgh', gateId: 3, planning: false }).container2Data,
    ).toBeUndefined();
  });

  it('asks for data, the mode’s containers, purpose, number, then tag', () => {
    expect(messageOf(emptyOffloading('single'))).toBe(messages.gateInInsufficientData);
    expect(messageOf({ ...double(), container2: emptyContainer() })).toBe(messages.gateDoubleNeedsTwo);
    const draft = double();
    draft.container1 = { ...draft.container1, gateInPurpose: '', containerNumber: 'X' };
    expect(messageOf(draft)).toBe(messages.gateInPurposeRequired);
    draft.container1.gateInPurpose = 'Import';
    expect(messageOf(draft)).toBe(messages.gateFirstNumberInvalid);
    draft.container1.containerNumber = 'MSCU1234565';
    draft.container1.tagId = '123';
    expect(messageOf(draft)).toBe(messages.gateFirstTagInvalid);
    draft.container1.tagId = '10000001';
    draft.container2.tagId = '10000001';
    expect(messageOf(draft)).toBe(messages.gateSameTags);
  });

  it('then the trailer and the out-containers’ export tasks', () => {
    expect(messageOf({ ...single(), trailerNumber: ' ' })).toBe(messages.gateTrailerNumberRequired);
    expect(messageOf({ ...single(), trailerTag: '123' })).toBe(messages.gateTrailerTagInvalid);
    const out = { ...emptyOutContainer(), containerNumber: 'CSQU3054383' };
    expect(messageOf({ ...single(), outContainers: [out] })).toBe(messages.gateExportTaskIncomplete);
    const tasked = { ...out, taskType: 'Export Loading', deliveryMode: 'Export Out' };
    expect(messageOf({ ...single(), outContainers: [tasked] })).toBeNull();
    expect(messageOf({ ...single(), outContainers: [tasked] }, true)).toBe(messages.gatePlanningOutActivityRequired);
  });
});
