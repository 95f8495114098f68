import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../test/live-socket';
import { createTestApp, type TestApp } from '../test/test-app';

// Path traversal (issue 23) on every path that serves a file: camera frames (DATA_DIR/frames),
// export downloads (DATA_DIR/exports) and the web app's static files (WEB_DIR). Requests are sent
// byte for byte over a socket, so no client normalises `..` or the encodings away. Every variant
// (`../`, `%2e%2e%2f`, double encoding, backslashes, absolute paths, NUL) is refused with a 4xx, or
// for a web page answered with the web app's index; nothing outside those folders is ever sent.

const SECRET_DATA = 'SECRET-IN-DATA-DIR-7f3a';
const SECRET_OUTSIDE = 'SECRET-BESIDE-WEB-DIR-91c2';
const INDEX = '<!doctype html><title>INDEX-MARKER</title>';
const FRAME = 'frames/3/2026-11-22/Front-0123456789abcdef01234567.jpg';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);

let t: TestApp;
let outside: string;
let baseUrl: string;
let bearer: string;
let exportPath: string;

beforeAll(async () => {
  outside = mkdtempSync(join(tmpdir(), 'openyard-traversal-'));
  const webDir = join(outside, 'web');
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  writeFileSync(join(webDir, 'index.html'), INDEX);
  writeFileSync(join(webDir, 'assets', 'app.js'), 'console.log("app")');
  writeFileSync(join(outside, 'secret.txt'), SECRET_OUTSIDE);
  t = await createTestApp({ env: { WEB_DIR: webDir } });
  writeFileSync(join(t.config.dataDir, 'secret.txt'), SECRET_DATA);
  writeFileSync(join(t.config.dataDir, 'secret.jpg'), SECRET_DATA);
  await t.services.blobs.put(FRAME, JPEG);
  const superadmin = await t.login('superadmin');
  bearer = superadmin.token;
  exportPath = (await superadmin.api.users.export({})).filePath;
  baseUrl = await listenOnLoopback(t);
});
afterAll(async () => {
  await t?.close();
  if (outside) rmSync(outside, { recursive: true, force: true });
});

// One GET with the path exactly as given: status and body.
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${bearer}\r\nConnection: close\r\n\r\n`,
      'latin1',
    );
  });
}

// The ways of writing "go up": plain, encoded, double encoded, mixed, backslashes, overlong UTF-8.
const UP = [
  '../',
  '..%2f',
  '%2e%2e%2f',
  '%2e%2e/',
  '%252e%252e%252f',
  '..%252f',
  '..\\',
  '..%5c',
  '%c0%ae%c0%ae/',
  '....//',
];

function traversals(prefix: string, depth: number, target: string): string[] {
  const paths = UP.map((up) => `${prefix}${up.repeat(depth)}${target}`);
  const absolute = target.startsWith('/') ? target : `/${target}`;
  return [
    ...paths,
    `${prefix}${encodeURIComponent(absolute)}`,
    `${prefix}/${absolute}`,
    `${prefix}${'../'.repeat(depth)}${target}%00.jpg`,
    `${prefix}${'../'.repeat(depth)}${target}%00`,
    `${prefix}x%00/${'../'.repeat(depth + 1)}${target}`,
  ];
}

// Nothing of the secrets, of the system or of the data folder's own files in any answer.
function leaked(body: string): boolean {
  return body.includes(SECRET_DATA) || body.includes(SECRET_OUTSIDE) || body.includes('root:x:0:0');
}

describe('path traversal', () => {
  it('serves the files that are there (the checks below would pass on a server that serves nothing)', async () => {
    const frame = await rawGet(`/rest/enterprise/gate/${FRAME}`);
    expect(frame.status).toBe(200);
    expect((await rawGet(exportPath)).status).toBe(200);
    expect((await rawGet('/assets/app.js')).body).toContain('console.log');
    expect((await rawGet('/some/page')).body).toContain('INDEX-MARKER');
  });

  it('camera frames: refused with a 4xx, nothing outside the frames folder', async () => {
    const paths = [
      ...traversals('/rest/enterprise/gate/frames/', 1, 'secret.txt'),
      ...traversals('/rest/enterprise/gate/frames/3/2026-11-22/', 3, 'secret.jpg'),
      ...traversals('/rest/enterprise/gate/frames/', 12, 'etc/passwd'),
      `/rest/enterprise/gate/frames/${join(t.config.dataDir, 'secret.jpg')}`,
    ];
    for (const path of paths) {
      const { status, body } = await rawGet(path);
      expect({ path, refused: is4xx(status), leaked: leaked(body) }).toEqual({ path, refused: true, leaked: false });
    }
  });

  it('export downloads: refused with a 4xx, nothing outside the export folder', async () => {
    const token = exportPath.split('/')[3]!;
    const paths = [
      ...traversals(`/rest/exports/${token}/`, 3, 'secret.txt'),
      ...traversals('/rest/exports/', 2, 'secret.txt'),
      ...traversals('/rest/exports/x/', 12, 'etc/passwd'),
      `/rest/exports/${token}/.owner`,
      `/rest/exports/${token}/..`,
      `/rest/exports/..%2f..%2f/secret.xlsx`,
      `/rest/exports/${encodeURIComponent(dirname(t.config.dataDir))}/secret.txt`,
    ];
    for (const path of paths) {
      const { status, body } = await rawGet(path);
      // The owner file holds a user id: "1" as a body would be it.
      const answer = { path, refused: is4xx(status), leaked: leaked(body) || body.trim() === '1' };
      expect(answer).toEqual({ path, refused: true, leaked: false });
    }
  });

  it('static web files: a 4xx or the web app page, nothing outside the web folder', async () => {
    const paths = [
      ...traversals('/', 1, 'secret.txt'),
      ...traversals('/assets/', 2, 'secret.txt'),
      ...traversals('/assets/', 12, 'etc/passwd'),
      `/${join(outside, 'secret.txt')}`,
      `/${encodeURIComponent(join(outside, 'secret.txt'))}`,
      '/index.html%00.js',
    ];
    for (const path of paths) {
      const { status, body } = await rawGet(path);
      const answered = is4xx(status) || (status === 200 && body.includes('INDEX-MARKER'));
      expect({ path, answered, leaked: leaked(body) }).toEqual({ path, answered: true, leaked: false });
    }
  });
});

function is4xx(status: number): boolean {
  return status >= 400 && status < 500;
}
