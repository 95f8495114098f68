import { describe, expect, it } from 'vitest';
import { refusalNoticeOf, successNoticeOf } from './useNotifyingMutation';

describe('successNoticeOf', () => {
  it('answers a fixed text, a text made from the reply and input, or none', () => {
    expect(successNoticeOf('Saved', { message: 'x' }, 1)).toBe('Saved');
    expect(
      successNoticeOf(
        (reply: { message: string }, input: number) => `${reply.message} ${input}`,
        { message: 'Moved' },
        3,
      ),
    ).toBe('Moved 3');
    expect(successNoticeOf(undefined, { message: 'x' }, 1)).toBeUndefined();
  });
});

describe('refusalNoticeOf', () => {
  const mutationFn = (input: { id?: number }) => Promise.resolve(input);
  it('alerts the server words by default, with the spec heading made from the input if asked', () => {
    expect(refusalNoticeOf({ mutationFn }, 'Taken', {})).toEqual({ as: 'alert', title: undefined, message: 'Taken' });
    expect(
      refusalNoticeOf(
        { mutationFn, refusalAs: 'notice', refusalTitle: (input) => (input.id ? 'Not updated' : 'Not added') },
        'Taken',
        { id: 4 },
      ),
    ).toEqual({ as: 'notice', title: 'Not updated', message: 'Taken' });
  });

  it('says nothing when the caller shows the refusal itself', () => {
    expect(refusalNoticeOf({ mutationFn, quiet: true, refusalTitle: 'Not added' }, 'Taken', {})).toBeNull();
  });
});
