import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { openPostgres } from '@openyard/server/adapters/db';
import { rowsOf } from '@openyard/server/db/bulk-insert';
import { seedArchiveHistory } from '@openyard/server/test/archive-fixtures';
import { createTestPostgresDatabase } from '@openyard/server/test/test-app';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { freePort, startServer, type RunningServer } from './support/startServer';

// The archive database modal (spec 3 §2, §4): a superadmin archives a seeded year of dispatched
// visits through the user menu and sees the spec's message with the containers archived. The server
// runs on PostgreSQL so that the test can write the year's history beside it.
const YEAR = 365;

describe('archive database', () => {
  let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    [server, browser] = await Promise.all([
      startServer({ DATABASE_URL: database.url, MQTT_PORT: String(await freePort()) }),
      launchBrowser(),
    ]);
    const handle = await openPostgres(database.url, { max: 2 });
    try {
      await seedArchiveHistory(handle.db, 'ARCU', YEAR, 70);
    } finally {
      await handle.close();
    }
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await database?.drop();
  });

  it('archives a seeded year from the user menu and shows the total', async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('archive-open').click();
    const dialog = page.getByRole('dialog', { name: 'Archive database' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('archive-cutoff').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await screenshot(page, 'archive-modal');

    // A cut-off inside the last two months is refused with the spec's text, before any call.
    const latest = await dialog.getByTestId('archive-cutoff').inputValue();
    const [year, month, day] = latest.split('-').map(Number) as [number, number, number];
    const tooRecent = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
    await dialog.getByTestId('archive-cutoff').fill(tooRecent);
    await dialog.getByTestId('archive-submit').click();
    await dialog.getByTestId('archive-error').waitFor();
    expect(await dialog.getByTestId('archive-error').textContent()).toContain(messages.archiveCutoffTooRecent);
    await dialog.getByTestId('archive-cutoff').fill(latest);

    // The demo yard's own history has dispatches before the cut-off too: all of them go.
    const handle = await openPostgres(database.url, { max: 1 });
    let expected: number;
    try {
      const rows = rowsOf<{ n: string }>(
        await handle.db.execute(
          sql`select count(*) as n from containers where dispatched_at < (select ${latest}::date::timestamp at time zone (select time_zone from dashboard_rollup_state where id = 1))`,
        ),
      );
      expected = Number(rows[0]!.n);
    } finally {
      await handle.close();
    }
    expect(expected).toBeGreaterThanOrEqual(YEAR);

    await dialog.getByTestId('archive-submit').click();
    const confirm = page.getByRole('dialog', { name: 'Confirm archive' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(messages.archiveConfirm(latest));
    await screenshot(page, 'archive-confirm');
    await confirm.getByRole('button', { name: 'Archive' }).click();

    const success = page.getByTestId('archive-success');
    await success.waitFor({ timeout: 60_000 });
    expect(await success.textContent()).toBe(`${messages.archiveFinished} ${expected} containers archived.`);
    expect(await page.getByTestId('archive-progress').textContent()).toContain(`${expected} of ${expected} containers`);
    // Done: nothing is left to cancel, the button that leaves says so (docs/screen-kit.md).
    expect(await dialog.getByTestId('archive-cancel').textContent()).toBe('Close');
    expect(await dialog.getByTestId('archive-submit').isDisabled()).toBe(true);
    await screenshot(page, 'archive-done');
  }, 120_000);
});
