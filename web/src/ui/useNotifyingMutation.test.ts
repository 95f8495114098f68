import { describe, expect, it } from 'vitest';
import { successNoticeOf } from './useNotifyingMutation';

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
