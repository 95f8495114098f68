import { Type } from 'typebox';

// Uploads (spec 1 §7, spec 3 §7: `file` and `user` as multipart/form-data). A route declares
// `bodyKind: 'multipart'` and a body schema whose file fields are `FileField`; the typed client
// takes the fields as an object and the transport sends them as a form: the browser's FormData on
// the web, `encodeMultipart` over fetch and Fastify's inject. The server reads the parts into the
// same object before validation (server/src/lib/multipart.ts), so a handler gets `{ file, user }`.

// What the browser's File and Blob are to code without DOM types: bytes read when sent.
export interface BlobLike {
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

// A file part: its name (the server tells xlsx from csv by it), media type and bytes. On the
// server `content` is the received Buffer.
export interface UploadFile {
  readonly name: string;
  readonly type?: string;
  readonly content: Uint8Array | ArrayBuffer | BlobLike;
}

// A file field of a multipart body schema. The schema accepts any value (a file is not JSON); the
// server puts the received file here before validation, and `required` still applies.
export const FileField = Type.Unsafe<UploadFile>({ description: 'A file part of a multipart/form-data body' });

// The largest upload a route takes unless it says otherwise (bytes of the file part).
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export type MultipartValue = string | number | boolean | UploadFile | null | undefined;

export function isUploadFile(value: unknown): value is UploadFile {
  return typeof value === 'object' && value !== null && 'name' in value && 'content' in value;
}

// The bytes of a file part, whatever it was given as.
export async function uploadBytes(file: UploadFile): Promise<Uint8Array> {
  const { content } = file;
  if (content instanceof Uint8Array) return content;
  if (content instanceof ArrayBuffer) return new Uint8Array(content);
  return new Uint8Array(await content.arrayBuffer());
}

// UTF-8 bytes of a text (contracts has neither TextEncoder's DOM nor Node types).
export function utf8Bytes(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    else
      bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  }
  return Uint8Array.from(bytes);
}

// A quoted header parameter as browsers write it: quotes and line breaks percent-encoded.
const quoted = (value: string) => `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;

const randomBoundary = () =>
  `----openyard${Array.from({ length: 24 }, () => Math.floor(Math.random() * 36).toString(36)).join('')}`;

// A multipart/form-data body (RFC 7578) of the fields: text fields as UTF-8, files as their bytes;
// undefined and null fields are left out.
export async function encodeMultipart(
  fields: Readonly<Record<string, MultipartValue>>,
  boundary: string = randomBoundary(),
): Promise<{ contentType: string; bytes: Uint8Array }> {
  const chunks: Uint8Array[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (isUploadFile(value)) {
      chunks.push(
        utf8Bytes(
          `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}; filename=${quoted(value.name)}\r\n` +
            `Content-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`,
        ),
        await uploadBytes(value),
        utf8Bytes('\r\n'),
      );
    } else {
      chunks.push(
        utf8Bytes(`--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${String(value)}\r\n`),
      );
    }
  }
  chunks.push(utf8Bytes(`--${boundary}--\r\n`));
  const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, bytes };
}
