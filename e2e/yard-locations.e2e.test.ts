import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { apiClient, loginToken, uniqueName } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

// The Yard Locations page (spec 3 §2): a polygon drawn by clicks on the yard map, a corner moved
// by a drag and one deleted, saved with the spec's notice, seen live by a second browser, edited
// and deleted.
describe('yard locations screen', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  const open = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.goto(`${server.baseUrl}/yard-locations`);
    await page.getByTestId('yard-locations-table').waitFor();
    return page;
  };

  it('draws, saves, edits and deletes a yard location; a second browser follows live', async () => {
    const page = await open();
    const watcher = await open();
    const rows = page.getByTestId('yard-locations-table-row');
    // The demo yard's locations are listed and drawn.
    await rows.filter({ hasText: 'Export Zone' }).waitFor();
    await rows.filter({ hasText: 'South Stacks' }).waitFor();
    await page.getByTestId('yard-locations-map').locator('canvas').first().waitFor();
    await screenshot(page, 'yard-locations-list');

    await page.getByTestId('yard-locations-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add yard location' });
    await dialog.waitFor();
    const name = uniqueName('Reefer Stack');
    await page.getByTestId('yard-location-form-name').fill(name);
    await page.getByTestId('yard-location-form-type').click();
    await page.getByRole('option', { name: 'Task "to" location' }).click();

    const editor = page.getByTestId('yard-location-editor');
    await editor.locator('canvas').first().waitFor();
    const box = (await editor.boundingBox())!;
    const spot = (dx: number, dy: number) => ({ x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 + dy });
    const points = page.getByTestId('yard-location-point');
    // A click adds a point after the last. deck.gl takes a press held longer than a tap (250 ms) for
    // no click, which a loaded test machine can make of a click: then it is clicked again.
    const clickAt = async (dx: number, dy: number) => {
      const count = await points.count();
      const { x, y } = spot(dx, dy);
      for (let attempt = 0; attempt < 3 && (await points.count()) === count; attempt += 1) {
        await page.mouse.click(x, y);
        await expect
          .poll(() => points.count(), { timeout: 4_000 })
          .toBe(count + 1)
          .catch(() => undefined);
      }
      expect(await points.count()).toBe(count + 1);
    };

    // Three points are not a yard location (spec 3 §5).
    await clickAt(-120, -90);
    await clickAt(120, -90);
    await clickAt(120, 90);
    await expect.poll(() => points.count()).toBe(3);
    await page.getByTestId('yard-location-form-save').click();
    await page.getByTestId('yard-location-points-error').getByText(messages.yardLocationTooFewPoints).waitFor();

    // A fourth, and a fifth deleted again from the list.
    await clickAt(-120, 90);
    await clickAt(0, 160);
    await expect.poll(() => points.count()).toBe(5);
    await page.getByTestId('yard-location-point-delete-5').click();
    await expect.poll(() => points.count()).toBe(4);

    // Corner 2 dragged 60 px to the right: its longitude grows.
    const before = await points.nth(1).textContent();
    const from = spot(120, -90);
    await page.mouse.move(from.x, from.y);
    await page.waitForTimeout(300);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y, { steps: 5 });
    await page.mouse.move(from.x + 60, from.y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => points.nth(1).textContent()).not.toBe(before);
    await expect.poll(() => points.count()).toBe(4);
    await screenshot(page, 'yard-locations-editor');

    await page.getByTestId('yard-location-form-save').click();
    await page.getByText(messages.yardLocationSaved).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = rows.filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('Task "to" location');
    // The second browser sees it without a reload.
    await watcher.getByTestId('yard-locations-table-row').filter({ hasText: name }).waitFor();

    // The server holds what was drawn: four corners, the second moved east of the first's line.
    const api = apiClient(server.baseUrl, await loginToken(server.baseUrl, 'superadmin', 'demo'));
    const saved = (await api.yardLocations.list()).find((location) => location.name === name)!;
    expect(saved.type).toBe('TASK_TO_LOCATION');
    expect(saved.coordinates).toHaveLength(4);
    expect(saved.coordinates[1]!.longitude).toBeGreaterThan(saved.coordinates[2]!.longitude);

    // Edit: the selected row, renamed.
    await row.click();
    await screenshot(page, 'yard-locations-selected');
    await page.getByTestId('yard-locations-edit').click();
    const editDialog = page.getByRole('dialog', { name: `Edit yard location ${name}` });
    await editDialog.waitFor();
    await expect.poll(() => points.count()).toBe(4);
    const renamed = uniqueName('Reefer Plugs');
    await page.getByTestId('yard-location-form-name').fill(renamed);
    await page.getByTestId('yard-location-form-save').click();
    await editDialog.waitFor({ state: 'hidden' });
    await rows.filter({ hasText: renamed }).waitFor();
    await watcher.getByTestId('yard-locations-table-row').filter({ hasText: renamed }).waitFor();

    // Delete, with the confirmation: the row is still the one selected.
    await page.getByTestId('yard-locations-delete').click();
    const confirm = page.getByRole('dialog', { name: 'Delete yard location' });
    await confirm.getByText(messages.confirmDeleteYardLocation(renamed)).waitFor();
    await page.getByTestId('confirm-dialog-ok').click();
    await page.getByText(messages.yardLocationDeleted).first().waitFor();
    await rows.filter({ hasText: renamed }).waitFor({ state: 'detached' });
    await watcher.getByTestId('yard-locations-table-row').filter({ hasText: renamed }).waitFor({ state: 'detached' });
  });

  it('is the yard zones list: a zone drawn reaches an open machine form live, and leaves it when deleted', async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await loginThroughPage(page, server.baseUrl, 'admin', 'demo');
    await page.goto(`${server.baseUrl}/machines`);
    await page.getByTestId('machines-tab-operations').click();
    await page.getByTestId('machines-add').click();
    const zone = page.getByTestId('machine-form-zone');
    await zone.click();
    // The demo's yard zones, not its task places.
    await page.getByRole('option', { name: 'North Stacks' }).waitFor();
    expect(await page.getByRole('option', { name: 'Export Zone' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    const api = apiClient(server.baseUrl, await loginToken(server.baseUrl, 'superadmin', 'demo'));
    const name = uniqueName('Quay Stacks');
    const [anchor] = (await api.yardLocations.list()).find((location) => location.name === 'North Stacks')!.coordinates;
    const corner = (east: number, north: number) => ({
      latitude: anchor!.latitude + north / 111_320,
      longitude: anchor!.longitude + east / 80_000,
    });
    const { location } = await api.yardLocations.create({
      body: { name, type: 'YARD_ZONE', coordinates: [corner(0, 0), corner(0, -20), corner(20, -20), corner(20, 0)] },
    });
    await zone.click();
    await page.getByRole('option', { name }).waitFor();
    await screenshot(page, 'yard-locations-machine-zone');
    await page.keyboard.press('Escape');
    await api.yardLocations.delete({ params: { id: location.id } });
    await zone.click();
    await page.getByRole('option', { name }).waitFor({ state: 'detached' });
  });
});
