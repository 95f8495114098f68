import { describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db';
import { keptByVersion } from './kept-by-version';

// Handles stand for database handles: only their identity matters here.
const handle = () => ({}) as Database;

describe('keptByVersion', () => {
  it('reads once per version and handle, again when the version moves', async () => {
    const reads: Database[] = [];
    let contents = 'first';
    const kept = keptByVersion(async (database) => {
      reads.push(database);
      return contents;
    });
    const [db, tx] = [handle(), handle()];
    expect(await kept(db, '1')).toBe('first');
    contents = 'second';
    expect(await kept(db, '1')).toBe('first');
    expect(reads).toEqual([db]);
    // A transaction's handle has its own entry: what it reads never reaches the other handle.
    expect(await kept(tx, '1')).toBe('second');
    expect(await kept(db, '1')).toBe('first');
    expect(await kept(db, 2)).toBe('second');
    expect(reads).toEqual([db, tx, db]);
  });

  it('shares one read among callers that ask while it runs', async () => {
    let reads = 0;
    const kept = keptByVersion(async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return reads;
    });
    const db = handle();
    expect(await Promise.all([kept(db, 7), kept(db, 7), kept(db, 7)])).toEqual([1, 1, 1]);
    expect(reads).toBe(1);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const kept = keptByVersion(async () => {
      if (fail) throw new Error('connection lost');
      return 'lists';
    });
    const db = handle();
    await expect(kept(db, '3')).rejects.toThrow('connection lost');
    fail = false;
    expect(await kept(db, '3')).toBe('lists');
  });
});
