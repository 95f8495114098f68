import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '@openyard/contracts';
import { formDataOf } from './formDataOf';

describe('an upload from the browser', () => {
  it('is a FormData of the text fields and the files, with their names, leaving out empty fields', async () => {
    const chosen = new Blob(['tag,card\n'], { type: 'text/csv' });
    const form = formDataOf({
      file: { name: 'cards.csv', type: 'text/csv', content: chosen },
      bytes: { name: 'raw.bin', content: utf8Bytes('ab') },
      user: 'clerk',
      skipped: undefined,
    });
    expect([...form.keys()]).toEqual(['file', 'bytes', 'user']);
    const file = form.get('file') as File;
    expect(file.name).toBe('cards.csv');
    expect(await file.text()).toBe('tag,card\n');
    expect(await (form.get('bytes') as File).text()).toBe('ab');
    expect(form.get('user')).toBe('clerk');
  });
});
