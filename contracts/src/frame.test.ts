import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame } from './frame';

// The smallest byte run that passes the JPEG marker check; decoding does not parse the image.
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x0a, 0x0a, 0xff, 0xd9]);
const ascii = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));

function concat(...parts: Uint8Array[]): Uint8Array {
  const result = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}

describe('camera frame envelope', () => {
  it('is one JSON line, a newline and the JPEG bytes', () => {
    const frame = encodeFrame({ messageId: 'camera-3-17', timestamp: 1_700_000_000_000 }, JPEG);
    const header = '{"messageId":"camera-3-17","timestamp":1700000000000}';
    expect(frame).toEqual(concat(ascii(header), ascii('\n'), JPEG));
  });

  it('round-trips, keeping newline bytes inside the JPEG', () => {
    const decoded = decodeFrame(encodeFrame({ messageId: 'camera-3-18', timestamp: 5 }, JPEG));
    expect(decoded).toEqual({ ok: true, header: { messageId: 'camera-3-18', timestamp: 5 }, jpeg: JPEG });
  });

  it('reports what is wrong with a malformed frame', () => {
    expect(decodeFrame(JPEG.subarray(0, 4))).toMatchObject({ ok: false, error: 'no-header' });
    expect(decodeFrame(concat(ascii('x'.repeat(2000)), ascii('\n'), JPEG))).toMatchObject({
      ok: false,
      error: 'no-header',
    });
    expect(decodeFrame(concat(ascii('{"messageId":'), ascii('\n'), JPEG))).toMatchObject({
      ok: false,
      error: 'header-not-json',
    });
    expect(decodeFrame(concat(Uint8Array.from([0x7b, 0xc3, 0xa9, 0x7d]), ascii('\n'), JPEG))).toMatchObject({
      ok: false,
      error: 'header-not-json',
    });
    const invalid = decodeFrame(concat(ascii('{"messageId":"a b","timestamp":-1}'), ascii('\n'), JPEG));
    expect(invalid).toMatchObject({ ok: false, error: 'header-invalid' });
    expect(invalid.ok === false && invalid.reason).toContain('/messageId');
    expect(decodeFrame(concat(ascii('{"messageId":"m-1","timestamp":1}'), ascii('\n'), ascii('GIF89a')))).toMatchObject(
      {
        ok: false,
        error: 'not-jpeg',
      },
    );
  });
});
