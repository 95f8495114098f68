import { deflateRawSync } from 'node:zlib';
import { zipOfPacked } from './zip-bomb';

// Zips built byte by byte for the upload tests: each entry deflated (or given packed), with the
// unpacked size its local header and the central directory declare — the truth unless told
// otherwise, which is how a zip bomb or a zip lying about its sizes is made.
export interface CraftedZipEntry {
  name: string;
  // The entry's content (deflated here), or its deflated bytes as they are.
  data?: Buffer | string;
  packed?: Buffer;
  // What the headers say it unpacks to (default: the data's length).
  declaredBytes?: number;
}

export function craftedZip(entries: readonly CraftedZipEntry[]): Uint8Array {
  return new Uint8Array(
    zipOfPacked(
      entries.map((entry) => {
        const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : entry.data;
        // No CRC (0): the readers under test stop before they would check it, or do not check it.
        return {
          name: entry.name,
          packed: entry.packed ?? deflateRawSync(data ?? Buffer.alloc(0)),
          crc: 0,
          declared: entry.declaredBytes ?? data?.length ?? 0,
        };
      }),
    ),
  );
}

// The smallest xlsx a spreadsheet reader opens: one sheet of inline-string rows; `padding` is
// whitespace inside the sheet's XML (it unpacks to that many more bytes and packs to almost none).
export function minimalXlsxEntries(rows: readonly string[][], padding = 0): { name: string; data: Buffer }[] {
  const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const column = (index: number) => String.fromCharCode(65 + index);
  const sheetRows = rows
    .map(
      (cells, row) =>
        `<row r="${row + 1}">${cells
          .map((cell, index) => `<c r="${column(index)}${row + 1}" t="inlineStr"><is><t>${escape(cell)}</t></is></c>`)
          .join('')}</row>`,
    )
    .join('');
  const sheet = Buffer.concat([
    Buffer.from('<?xml version="1.0" encoding="UTF-8"?>'),
    Buffer.alloc(padding, 0x20),
    Buffer.from(
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
    ),
  ]);
  const package_ = 'http://schemas.openxmlformats.org/package/2006';
  const officeDocument = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${package_}/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${package_}/relationships">` +
          `<Relationship Id="rId1" Type="${officeDocument}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
          `xmlns:r="${officeDocument}"><sheets><sheet name="Rows" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${package_}/relationships">` +
          `<Relationship Id="rId1" Type="${officeDocument}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
  ];
}
