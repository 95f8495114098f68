import { describe, expect, it } from 'vitest';
import { messages, utf8Bytes } from '@openyard/contracts';
import { parseCsv, readUploadSheet } from './upload-sheet';

describe('csv of an upload', () => {
  it('reads quoted fields with separators, quotes and line breaks, CRLF or LF', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",z')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', 'z'],
    ]);
  });

  it('takes the semicolon when the header is separated by it', () => {
    expect(parseCsv('tag;card\n1;2\n')).toEqual([
      ['tag', 'card'],
      ['1', '2'],
    ]);
  });

  it('numbers rows as the sheet does, skipping blank ones, without the byte order mark', async () => {
    const sheet = await readUploadSheet({ name: 'a.csv', content: utf8Bytes('\uFEFFTag,Card\n\n1,2\n , \n3,4') });
    expect(sheet).toEqual({
      headers: ['Tag', 'Card'],
      rows: [
        { row: 3, cells: ['1', '2'] },
        { row: 5, cells: ['3', '4'] },
      ],
    });
  });

  it('refuses what is not UTF-8 text', async () => {
    await expect(readUploadSheet({ name: 'a.csv', content: Uint8Array.from([0xff, 0xfe, 0x00]) })).rejects.toThrow(
      messages.uploadBadFile,
    );
  });
});
