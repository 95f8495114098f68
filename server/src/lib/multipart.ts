import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { messages, UPLOAD_MAX_BYTES, type UploadFile } from '@openyard/contracts';
import { AppError, badRequest } from '../errors';

// A file as an upload route's handler gets it: the part's name, media type and bytes.
export interface ReceivedFile extends UploadFile {
  readonly type: string;
  readonly content: Buffer;
}

// A multipart body read into the object the route's body schema describes (contracts'
// multipart.ts): text fields by name, file fields as ReceivedFile. Parts are read in full, up to
// `maxFileBytes` a file (413 beyond), one file field, a few text fields; a request that is not
// multipart/form-data is refused with the reason. Runs before validation (registerRoutes).
export async function readMultipartBody(
  request: FastifyRequest,
  maxFileBytes: number = UPLOAD_MAX_BYTES,
): Promise<Record<string, string | ReceivedFile>> {
  if (!request.isMultipart()) throw badRequest(messages.uploadNotMultipart);
  const body: Record<string, string | ReceivedFile> = Object.create(null) as Record<string, string | ReceivedFile>;
  try {
    const parts = request.parts({
      limits: { fileSize: maxFileBytes, files: 1, fields: 10, parts: 11, fieldSize: 4096 },
    });
    for await (const part of parts) {
      if (part.type === 'file') body[part.fieldname] = await received(part, maxFileBytes);
      else body[part.fieldname] = String(part.value);
    }
  } catch (error) {
    // More files, fields or parts than an upload takes: said in words, not the parser's.
    // A file past its limit, as the parser saw it before the part's reader did.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'BAD_REQUEST', messages.uploadTooLarge(maxFileBytes));
    if (/^FST_(FILES|FIELDS|PARTS)_LIMIT$/.test((error as { code?: string }).code ?? ''))
      throw new AppError(413, 'BAD_REQUEST', messages.uploadTooManyParts);
    // A form the parser cannot read (no boundary, a broken part header, an early end): the
    // sender's fault, said as such (busboy's errors carry no code).
    if (error instanceof Error && MALFORMED_FORM.test(error.message)) throw badRequest(messages.uploadMalformed);
    throw error;
  }
  return body;
}

const MALFORMED_FORM =
  /^(Multipart: Boundary not found|Malformed part header|Unexpected end of (form|file)|Malformed urlencoded form)/;

// The file's bytes, refused the moment they pass the limit: the parser's own toBuffer waits for the
// part's end, which for a 1 GB body meant reading (and throwing away) the whole gigabyte first.
async function received(part: MultipartFile, maxFileBytes: number): Promise<ReceivedFile> {
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    part.file.on('limit', () => reject(new AppError(413, 'BAD_REQUEST', messages.uploadTooLarge(maxFileBytes))));
    part.file.on('data', (chunk: Buffer) => chunks.push(chunk));
    part.file.on('end', resolve);
    part.file.on('error', reject);
  });
  return { name: part.filename, type: part.mimetype, content: Buffer.concat(chunks) };
}
