import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEARCH_TERMS, messages, type ContainersPage, type ErrorResponse } from '@openyard/contracts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../../test/test-app';
import { addContainer } from '../../test/yard-fixtures';

// Issue 13 point 4: a 500-character search became 166 terms, about 0.8 s of the embedded server's
// one thread; eight of them at once held /rest/health for 5.4 s.
describe('the containers search is bounded', () => {
  let t: TestApp;
  let superadmin: Awaited<ReturnType<TestApp['login']>>;
  beforeAll(async () => {
    t = await createTestApp();
    superadmin = await t.login('superadmin');
  });
  afterAll(() => t?.close());

  const search = (path: string, texts: string[]) =>
    t.app.inject({
      url: `${path}?skip=1&limit=15&searchText=${encodeURIComponent(texts.join('&*'))}`,
      headers: superadmin.auth,
    });

  it(`takes up to ${MAX_SEARCH_TERMS} texts and refuses more in words, on the list and the export`, async () => {
    const box = await addContainer(t, superadmin.auth);
    // Eight different pieces of its number: every one must match, and all do.
    const pieces = Array.from({ length: MAX_SEARCH_TERMS }, (_, i) => box.containerNumber.slice(i, i + 4));
    const found = await search('/rest/enterprise/containers/all', pieces);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<ContainersPage>().entities.map((container) => container.id)).toEqual([box.id]);
    // A text given twice (in any case) counts once.
    const repeated = await search('/rest/enterprise/containers/all', [...pieces, pieces[0]!.toLowerCase()]);
    expect(repeated.statusCode, repeated.body).toBe(200);

    const tooMany = [...pieces, box.containerNumber];
    for (const path of [
      '/rest/enterprise/containers',
      '/rest/enterprise/containers/all',
      '/rest/enterprise/containers/export',
    ]) {
      const refused = await search(path, tooMany);
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json<ErrorResponse>()).toMatchObject({
        message: messages.searchTooManyTerms(MAX_SEARCH_TERMS),
        field: 'searchText',
      });
    }
    // The search: 166 one-character texts in 500 characters.
    const long = Array.from({ length: 166 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789'[i % 36]!);
    const refused = await search('/rest/enterprise/containers/all', long);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorResponse>().message).toBe(messages.searchTooManyTerms(MAX_SEARCH_TERMS));
  });
});

// PostgreSQL stops a statement that runs past DATABASE_STATEMENT_TIMEOUT_MS; the search says so in
// words instead of waiting for ever (or failing with an internal error). A table lock held by another
// transaction makes the search wait for sure. (PGlite cannot stop a statement: there the number of
// texts is the bound.)
describe.runIf(TEST_DATABASE === 'postgres')('a search PostgreSQL stopped', () => {
  let t: TestApp;
  let superadmin: Awaited<ReturnType<TestApp['login']>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { DATABASE_STATEMENT_TIMEOUT_MS: '1000', DATABASE_LOCK_TIMEOUT_MS: '0' } });
    superadmin = await t.login('superadmin');
  });
  afterAll(() => t?.close());

  it('is answered with a clear message, not a hang', async () => {
    const box = await addContainer(t, superadmin.auth);
    const url = `/rest/enterprise/containers/all?skip=1&limit=15&searchText=${box.containerNumber.slice(0, 6)}`;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table containers in access exclusive mode`);
      const stopped = await t.app.inject({ url, headers: superadmin.auth });
      expect(stopped.statusCode, stopped.body).toBe(400);
      expect(stopped.json<ErrorResponse>()).toMatchObject({ message: messages.searchTookTooLong, field: 'searchText' });
    });
    // The lock gone, the same search runs.
    const found = await t.app.inject({ url, headers: superadmin.auth });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<ContainersPage>().entities.map((container) => container.id)).toEqual([box.id]);
  });
});
