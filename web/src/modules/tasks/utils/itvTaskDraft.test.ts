import { describe, expect, it } from 'vitest';
import { itvTaskProblem, messages } from '@openyard/contracts';
import { emptyItvTaskDraft, itvTaskInputOf } from './ItvTaskDraft';

describe('an ITV task from its modal', () => {
  it('needs number, type, trailer, from and to (spec 3 §5)', () => {
    const draft = {
      ...emptyItvTaskDraft(),
      containerNumber: 'MSCU1234565',
      taskType: 'Shifting',
      fromLocation: 'A',
      toLocation: 'B',
    };
    expect(itvTaskProblem(draft)).toBe(messages.itvTaskIncomplete);
    expect(itvTaskProblem({ ...draft, trailer: 'ITV-3' })).toBeNull();
  });

  it('sends the first 11 characters of the number and blanks as null', () => {
    const input = itvTaskInputOf({
      ...emptyItvTaskDraft(),
      containerNumber: 'mscu1234565-2',
      trailer: ' ITV-3 ',
      taskType: 'Shifting',
      fromLocation: 'A',
      toLocation: 'B',
    });
    expect(input).toEqual({
      containerNumber: 'MSCU1234565',
      size: null,
      taskType: 'Shifting',
      trailer: 'ITV-3',
      fromLocation: 'A',
      toLocation: 'B',
      toLocationDetails: null,
    });
  });
});
