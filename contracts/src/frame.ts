import { Value } from 'typebox/value';
import { FrameHeader } from './mqtt';

// The camera frame envelope (topic yard/cameras/{gateId}/{camera}/frame): one line of JSON with
// the device message id and timestamp, a newline, then the JPEG bytes. Cameras and the simulator
// encode with this module and ingest decodes with it, so both sides agree byte for byte.

const NEWLINE = 0x0a;
// The header is a message id and a timestamp; anything longer is not a header.
const MAX_HEADER_BYTES = 1024;

export function encodeFrame(header: FrameHeader, jpeg: Uint8Array): Uint8Array {
  // Escaping everything outside ASCII keeps the header one byte per character, which lets both
  // sides skip a text encoder (contracts run in browsers and Node without either's types).
  const json = JSON.stringify(header).replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const frame = new Uint8Array(json.length + 1 + jpeg.length);
  for (let index = 0; index < json.length; index++) frame[index] = json.charCodeAt(index);
  frame[json.length] = NEWLINE;
  frame.set(jpeg, json.length + 1);
  return frame;
}

export type FrameDecodeError = 'no-header' | 'header-not-json' | 'header-invalid' | 'not-jpeg';

export type DecodedFrame =
  { ok: true; header: FrameHeader; jpeg: Uint8Array } | { ok: false; error: FrameDecodeError; reason: string };

// Never throws: a malformed frame is a device-log entry with a reason, not a crash of ingest.
// The JPEG is a view on the payload (no copy).
export function decodeFrame(payload: Uint8Array): DecodedFrame {
  const end = payload.subarray(0, MAX_HEADER_BYTES + 1).indexOf(NEWLINE);
  if (end < 0)
    return { ok: false, error: 'no-header', reason: `No header line in the first ${MAX_HEADER_BYTES} bytes` };
  let text = '';
  for (let index = 0; index < end; index++) {
    const byte = payload[index]!;
    if (byte > 0x7e || (byte < 0x20 && byte !== 0x09 && byte !== 0x0d)) {
      return { ok: false, error: 'header-not-json', reason: `Header byte ${index} is not printable ASCII` };
    }
    text += String.fromCharCode(byte);
  }
  let header: unknown;
  try {
    header = JSON.parse(text);
  } catch {
    return { ok: false, error: 'header-not-json', reason: 'Header line is not JSON' };
  }
  if (!Value.Check(FrameHeader, header)) {
    const problems = Value.Errors(FrameHeader, header)
      .slice(0, 3)
      .map((problem) => `${problem.instancePath || '/'} ${problem.message}`);
    return { ok: false, error: 'header-invalid', reason: `Header does not match the contract: ${problems.join('; ')}` };
  }
  const jpeg = payload.subarray(end + 1);
  // Every JPEG starts with the SOI marker FF D8 followed by another marker.
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8 || jpeg[2] !== 0xff) {
    return { ok: false, error: 'not-jpeg', reason: 'Body after the header is not a JPEG' };
  }
  return { ok: true, header, jpeg };
}
