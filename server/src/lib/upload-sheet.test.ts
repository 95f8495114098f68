import { describe, expect, it } from 'vitest';
import { messages, utf8Bytes } from '@openyard/contracts';
import { craftedZip, minimalXlsxEntries } from '../test/zip-fixtures';
import { parseCsv, readUploadSheet, zipUnpackedBytes } from './upload-sheet';

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

describe('xlsx of an upload: a zip that lies about its sizes', () => {
  const rows = [
    ['Tag', 'Card'],
    ['T1', 'C1'],
  ];

  it('reads the crafted xlsx when its headers tell the truth', async () => {
    const sheet = await readUploadSheet({ name: 'a.xlsx', content: craftedZip(minimalXlsxEntries(rows)) });
    expect(sheet).toEqual({ headers: ['Tag', 'Card'], rows: [{ row: 2, cells: ['T1', 'C1'] }] });
  });

  it('refuses, saying so, a sheet whose headers claim its small size but that inflates to 32 MB', async () => {
    const honest = minimalXlsxEntries(rows);
    const padded = minimalXlsxEntries(rows, 32 * 1024 * 1024);
    const sheetName = 'xl/worksheets/sheet1.xml';
    // Every size in the headers is the small sheet's: the directory's total passes every limit.
    const lying = craftedZip(
      padded.map((entry) =>
        entry.name === sheetName
          ? { ...entry, declaredBytes: honest.find((other) => other.name === sheetName)!.data.length }
          : entry,
      ),
    );
    expect(zipUnpackedBytes(lying)).toBeLessThan(10_000);
    expect(lying.length).toBeLessThan(100_000);
    await expect(readUploadSheet({ name: 'a.xlsx', content: lying })).rejects.toThrow(messages.uploadZipSizesWrong);
    // A padded sheet that declares its true size (8 MB: under the ratio rule's floor) is read: the
    // padding is whitespace, the lie is the refusal's reason.
    const truthful = await readUploadSheet({
      name: 'a.xlsx',
      content: craftedZip(minimalXlsxEntries(rows, 8 * 1024 * 1024)),
    });
    expect(truthful.rows).toEqual([{ row: 2, cells: ['T1', 'C1'] }]);
  });

  it('refuses a zip whose entry is not deflate data as a bad file', async () => {
    const broken = craftedZip([
      { name: 'xl/worksheets/sheet1.xml', packed: Buffer.from('not deflate at all'), declaredBytes: 100 },
    ]);
    await expect(readUploadSheet({ name: 'a.xlsx', content: broken })).rejects.toThrow(messages.uploadBadFile);
  });
});
