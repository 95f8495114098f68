import { describe, expect, it } from 'vitest';
import { createClient, type CallRequest } from './client';
import { encodeBody } from './fetch-transport';
import { encodeMultipart, utf8Bytes } from './multipart';
import { routes } from './catalogue';

const text = (bytes: Uint8Array) => String.fromCharCode(...bytes);

describe('multipart bodies', () => {
  it('writes text fields and files with their names, in order, with the closing boundary', async () => {
    const { contentType, bytes } = await encodeMultipart(
      {
        user: 'clerk',
        skipped: undefined,
        file: { name: 'cards "1".csv', type: 'text/csv', content: utf8Bytes('a,b\r\n') },
      },
      'XYZ',
    );
    expect(contentType).toBe('multipart/form-data; boundary=XYZ');
    expect(text(bytes)).toBe(
      '--XYZ\r\nContent-Disposition: form-data; name="user"\r\n\r\nclerk\r\n' +
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="cards %221%22.csv"\r\nContent-Type: text/csv\r\n\r\na,b\r\n\r\n' +
        '--XYZ--\r\n',
    );
  });

  it('encodes text as UTF-8', () => {
    expect([...utf8Bytes('é€😀')]).toEqual([0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80]);
  });

  it('reads a blob-like file when it is sent', async () => {
    const blob = { size: 2, arrayBuffer: async () => Uint8Array.from([1, 2]).buffer };
    const { bytes } = await encodeMultipart({ file: { name: 'x.bin', content: blob } }, 'B');
    expect(text(bytes)).toContain('Content-Type: application/octet-stream\r\n\r\n\u0001\u0002\r\n');
  });

  it('is how the typed client sends an upload route, and JSON otherwise', async () => {
    const sent: CallRequest[] = [];
    const api = createClient(routes, async (request) => {
      sent.push(request);
      return {};
    });
    await api.trailers.uploadPlaCards({ body: { file: { name: 'a.csv', content: utf8Bytes('x') }, user: 'u' } });
    await api.trailers.createPlaCard({ body: { trailerTagNumber: '12345678', plaCardNumber: 'P1' } });
    const upload = await encodeBody(sent[0]!);
    expect(upload?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(await encodeBody(sent[1]!)).toEqual({
      contentType: 'application/json',
      payload: JSON.stringify({ trailerTagNumber: '12345678', plaCardNumber: 'P1' }),
    });
  });
});
