import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileBlobs, isSafeBlobKey } from './blobs';

const root = mkdtempSync(join(tmpdir(), 'openyard-blobs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('file blobs', () => {
  it('stores, replaces, reads and deletes by key', async () => {
    const blobs = createFileBlobs(root);
    await blobs.put('frames/1/2026-01-01/a.jpg', Buffer.from('one'));
    await blobs.put('frames/1/2026-01-01/a.jpg', Buffer.from('two'));
    expect((await blobs.get('frames/1/2026-01-01/a.jpg'))?.toString()).toBe('two');
    expect(await blobs.size('frames/1/2026-01-01/a.jpg')).toBe(3);
    await blobs.delete('frames/1/2026-01-01/a.jpg');
    expect(await blobs.get('frames/1/2026-01-01/a.jpg')).toBeNull();
  });

  it('refuses keys that could leave the folder', async () => {
    const blobs = createFileBlobs(root);
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '', 'a/./b', '.hidden'])
      expect(isSafeBlobKey(key), key).toBe(false);
    await expect(blobs.get('../../etc/passwd')).rejects.toThrow('Invalid blob key');
    await expect(blobs.put('a/../../x', Buffer.from('x'))).rejects.toThrow('Invalid blob key');
  });
});
