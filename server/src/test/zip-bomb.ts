import { constants, crc32, deflateRawSync } from 'node:zlib';

// Zip files for upload tests (issue 23: zip bombs). An entry is text, or `zeros` bytes of zeros
// deflated (about a thousandth of their size: a gigabyte in a megabyte); `declaredSize` writes
// another unpacked size into the headers than the true one, as a lying zip bomb does.
export interface ZipEntry {
  name: string;
  text?: string;
  zeros?: number;
  declaredSize?: number;
}

const MEGABYTE = 1024 * 1024;

function deflated(entry: ZipEntry): { data: Buffer; crc: number; size: number } {
  if (entry.text !== undefined) {
    const raw = Buffer.from(entry.text);
    return { data: deflateRawSync(raw), crc: crc32(raw), size: raw.length };
  }
  const total = entry.zeros ?? 0;
  // A megabyte of zeros as one self-contained deflate block (the full flush resets the history),
  // repeated: the stream inflates to the sum, then an empty final block ends it.
  const zeros = Buffer.alloc(MEGABYTE);
  const block = deflateRawSync(zeros, { finishFlush: constants.Z_FULL_FLUSH });
  const blocks = Math.floor(total / MEGABYTE);
  let crc = 0;
  for (let index = 0; index < blocks; index += 1) crc = crc32(zeros, crc);
  return {
    data: Buffer.concat([...Array<Buffer>(blocks).fill(block), Buffer.from([0x03, 0x00])]),
    crc,
    size: blocks * MEGABYTE,
  };
}

// One packed entry as a zip holds it: deflated bytes, their CRC-32 (0 for readers that stop before
// checking it) and the unpacked size the headers declare.
export interface PackedEntry {
  name: string;
  packed: Buffer;
  crc: number;
  declared: number;
}

// A zip written byte by byte from packed entries (local headers, central directory, end record).
export function zipOfPacked(entries: readonly PackedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name: entryName, packed, crc, declared } of entries) {
    const name = Buffer.from(entryName);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export function zipFile(entries: readonly ZipEntry[]): Buffer {
  return zipOfPacked(
    entries.map((entry) => {
      const { data, crc, size } = deflated(entry);
      return { name: entry.name, packed: data, crc, declared: entry.declaredSize ?? size };
    }),
  );
}

// The parts of a workbook exceljs needs, with `sheet` as the first worksheet's XML entry.
export function xlsxWith(sheet: Omit<ZipEntry, 'name'>): Buffer {
  return zipFile([
    {
      name: '[Content_Types].xml',
      text: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      text: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    },
    {
      name: 'xl/workbook.xml',
      text: '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
  ]);
}
