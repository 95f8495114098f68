import { describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { dispatchProblem } from './dispatchProblem';
import { emptyDispatch, emptyRetag, emptyTrailer } from './gateDrafts';
import { retagProblem } from './retagProblem';
import { trailerGateInProblem } from './trailerGateInProblem';

describe('trailerGateInProblem (spec 1 §5 Trailer gate-in)', () => {
  it('asks for purpose, number and an 8-character tag in that order', () => {
    const draft = emptyTrailer();
    expect(trailerGateInProblem(draft)).toBe(messages.vehiclePurposeRequired);
    draft.gateInType = 'Import';
    expect(trailerGateInProblem(draft)).toBe(messages.gateTrailerNumberRequired);
    draft.trailerNumber = 'MH04-TR-1201';
    expect(trailerGateInProblem(draft)).toBe(messages.vehicleTrailerTagRequired);
    draft.trailerTag = '1234';
    expect(trailerGateInProblem(draft)).toBe(messages.trailerTagLength);
    draft.trailerTag = 'TR000001';
    expect(trailerGateInProblem(draft)).toBeNull();
  });
});

describe('retagProblem (spec 1 §5 Retag)', () => {
  it('asks for the container, its existing tag, then a new tag of 8 characters', () => {
    const draft = emptyRetag();
    expect(retagProblem(draft, { noExistingTag: false })).toBe(messages.retagNumberRequired);
    draft.containerNumber = 'MSCU1234565';
    expect(retagProblem(draft, { noExistingTag: true })).toBe(messages.retagNoExistingTag);
    expect(retagProblem(draft, { noExistingTag: false })).toBe(messages.retagNewTagRequired);
    draft.newTag = '123';
    expect(retagProblem(draft, { noExistingTag: false })).toBe(messages.retagNewTagLength);
    draft.newTag = '12345678';
    expect(retagProblem(draft, { noExistingTag: false })).toBeNull();
  });
});

describe('dispatchProblem (spec 1 §5 Dispatch)', () => {
  it('needs an 11-character number and a dispatch time', () => {
    const draft = emptyDispatch();
    expect(dispatchProblem(draft, { needsTime: true })).toBe(messages.dispatchNumberInvalid);
    draft.containerNumber = 'MSCU1234565';
    expect(dispatchProblem(draft, { needsTime: true })).toBe(messages.dispatchTimeRequired);
    expect(dispatchProblem(draft, { needsTime: false })).toBeNull();
  });
});
