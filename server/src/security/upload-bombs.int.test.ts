import { request as httpRequest } from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, routes, type GateSaved, type RouteSpec } from '@openyard/contracts';
import { createMemoryQueue } from '../adapters/queue';
import { jpegHeader } from '../test/jpeg';
import { listenOnLoopback } from '../test/live-socket';
import { changedTables, rowCounter } from '../test/row-counts';
import { createTestApp, type TestApp } from '../test/test-app';
import { xlsxWith } from '../test/zip-bomb';

// Upload bombs (issue 23): a zip bomb dressed as an xlsx on every upload route (one that says how
// much it unpacks to, and one whose headers lie), a JPEG that declares gigapixels on the cameras'
// frame upload, and a 1 GB body streamed at a JSON call, an upload and the frame upload. Each is
// refused with a 4xx that says why, writes nothing, costs the server a bounded amount of memory, and
// the server answers afterwards.

const GIGABYTE = 1024 * 1024 * 1024;
// What the server's memory may grow by while refusing one bomb: far below what the bombs unpack to.
const MEMORY_BOUND = 256 * 1024 * 1024;

let t: TestApp;
let baseUrl: string;
let bearer: Record<string, string>;
let camera: { gateId: number; authorization: string };
let countRows: Awaited<ReturnType<typeof rowCounter>>;

const uploadRoutes: [string, RouteSpec][] = Object.entries(routes)
  .flatMap(([group, declared]) =>
    Object.entries(declared).map(([name, route]) => [`${group}.${name}`, route as RouteSpec] as [string, RouteSpec]),
  )
  .filter(([, route]) => route.bodyKind === 'multipart');

beforeAll(async () => {
  t = await createTestApp({ ocrQueue: createMemoryQueue({ logger: pino({ level: 'silent' }) }) });
  const superadmin = await t.login('superadmin');
  bearer = superadmin.auth;
  const saved = await t.app.inject({
    method: 'POST',
    url: '/rest/enterprise/gate',
    headers: bearer,
    payload: {
      name: 'Bomb gate',
      type: 'IN',
      positionLat: 18.95,
      positionLong: 72.95,
      camConfig: [{ id: 'Front', name: 'Front cam' }],
    },
  });
  const gate = saved.json<GateSaved>();
  camera = {
    gateId: gate.gate.id,
    authorization: `Basic ${Buffer.from(`camera-${gate.gate.id}:${gate.credentials!.mqttPassword}`).toString('base64')}`,
  };
  countRows = await rowCounter(t.db);
  baseUrl = await listenOnLoopback(t);
}, 180_000);
afterAll(() => t?.close());

const multipart = (file: Buffer, name: string) => {
  const boundary = `----openyard${Date.now()}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
};

const rssGrowth = async <T>(work: () => Promise<T>) => {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await work();
    return { result, growth: Math.max(peak, process.memoryUsage().rss) - before };
  } finally {
    clearInterval(sampler);
  }
};

describe('zip bombs on every upload route', () => {
  it('knows the upload routes', () => {
    expect(uploadRoutes.length).toBeGreaterThanOrEqual(8);
  });

  const bombs: [string, () => Buffer, string][] = [
    ['a zip bomb that says it unpacks to 1 GB', () => xlsxWith({ zeros: GIGABYTE }), messages.batchZipBomb],
    [
      'a zip bomb whose headers say 2 kB and that unpacks to 1 GB',
      () => xlsxWith({ zeros: GIGABYTE, declaredSize: 2000 }),
      messages.uploadZipSizesWrong,
    ],
  ];
  it.each(bombs)('refuses %s with a 400 that says so, writing nothing', async (_label, make, message) => {
    const bomb = make();
    // The bomb fits in the upload limit: only what it unpacks to is too much.
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = await countRows();
    const { result: answers, growth } = await rssGrowth(async () => {
      const answers: string[] = [];
      for (const [name, route] of uploadRoutes) {
        const body = multipart(bomb, 'bomb.xlsx');
        const response = await t.app.inject({
          method: route.method,
          url: route.path,
          headers: { ...bearer, ...body.headers },
          payload: body.payload,
        });
        answers.push(`${name} ${response.statusCode} ${response.json<{ message: string }>().message}`);
      }
      return answers;
    });
    expect(answers).toEqual(uploadRoutes.map(([name]) => `${name} 400 ${message}`));
    expect(growth).toBeLessThan(MEMORY_BOUND);
    expect(changedTables(before, await countRows())).toEqual([]);
  });
});

describe('a JPEG decompression bomb on the frame upload', () => {
  const upload = (jpeg: Buffer, messageId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/rest/enterprise/gate/${camera.gateId}/camera/Front/frame?messageId=${messageId}`,
      headers: { authorization: camera.authorization, 'content-type': 'image/jpeg' },
      payload: jpeg,
    });

  it('refuses a frame whose header declares 60,000 × 60,000 pixels with a 413, storing nothing', async () => {
    const bomb = await upload(jpegHeader(60_000, 60_000), 'bomb-1');
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json()).toMatchObject({ message: messages.ocrFrameTooLarge(60_000, 60_000, 12_000_000) });
    expect(await t.services.blobs.list(`frames/${camera.gateId}`)).toEqual([]);
    // One pixel over the limit is refused; a camera's 4000 × 3000 frame is taken.
    expect((await upload(jpegHeader(4001, 3000), 'bomb-2')).statusCode).toBe(413);
    expect((await upload(jpegHeader(4000, 3000), 'frame-1')).statusCode).toBe(200);
  });
});

describe('a 1 GB body', () => {
  // Streams zeros as the body until the server answers (or cuts the connection): the answer, and
  // how much was sent before it. `declared` sends Content-Length: 1 GB; otherwise chunked.
  function streamGigabyte(
    path: string,
    headers: Record<string, string>,
    declared: boolean,
    opening: Buffer = Buffer.alloc(0),
  ) {
    return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      const chunk = Buffer.alloc(256 * 1024);
      let sent = 0;
      let done = false;
      const request = httpRequest(`${baseUrl}${path}`, {
        method: 'POST',
        agent: false,
        headers: { ...headers, ...(declared ? { 'content-length': String(GIGABYTE) } : {}) },
      });
      request.write(opening);
      sent += opening.length;
      const pump = () => {
        while (!done && sent < GIGABYTE) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', pump);
        }
        if (!done && sent >= GIGABYTE) request.end();
      };
      request.on('response', (response) => {
        done = true;
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => (body += text));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body, sent });
        });
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        // The server may close the connection before the client reads its answer: a refusal too.
        if (done) return;
        done = true;
        if (error.code === 'ECONNRESET' || error.code === 'EPIPE') resolve({ status: 0, body: '', sent });
        else reject(error);
      });
      pump();
    });
  }

  // A multipart body opens with its file part, so the parser reads on into the file's bytes.
  const filePart = Buffer.from(
    '--bomb\r\nContent-Disposition: form-data; name="file"; filename="big.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n',
  );
  const targets: [string, string, () => Record<string, string>, Buffer?][] = [
    ['a JSON call (sign-in)', '/rest/login', () => ({ 'content-type': 'application/json' })],
    [
      'an upload (tasks)',
      '/rest/tasks/upload',
      () => ({ ...bearer, 'content-type': 'multipart/form-data; boundary=bomb' }),
      filePart,
    ],
    [
      "the cameras' frame upload",
      '/rest/enterprise/gate/:gate/camera/Front/frame?messageId=big-1',
      () => ({ authorization: camera.authorization, 'content-type': 'image/jpeg' }),
    ],
  ];
  const cases = targets.flatMap(([label, path, headers, opening]) => [
    [`${label}, Content-Length 1 GB`, path, headers, true, opening] as const,
    [`${label}, chunked`, path, headers, false, opening] as const,
  ]);

  it.each(cases)(
    '%s: a 413 while most of it is unsent, bounded memory',
    async (_label, path, headers, declared, opening) => {
      const { result, growth } = await rssGrowth(() =>
        streamGigabyte(path.replace(':gate', String(camera.gateId)), headers(), declared, opening),
      );
      // The server answers 413 and closes; a client still writing may see the connection cut before
      // it reads the answer (status 0). Either way the refusal came with most of the body unsent.
      expect({ refused: [0, 413].includes(result.status), refusedEarly: result.sent < GIGABYTE / 4 }).toEqual({
        refused: true,
        refusedEarly: true,
      });
      if (result.status === 413) {
        const refusal = JSON.parse(result.body) as { statusCode: number; message: string };
        expect(refusal.message.length).toBeGreaterThan(10);
      }
      expect(growth).toBeLessThan(MEMORY_BOUND);
      expect((await t.app.inject({ url: '/rest/health' })).statusCode).toBe(200);
    },
  );
});
