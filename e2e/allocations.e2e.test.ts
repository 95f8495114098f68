import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  messages,
  shiftYardDay,
  yardDayOf,
  yardMinuteOfDay,
  yardTimeOnDay,
  type AreaLayout,
  type Machine,
} from '@openyard/contracts';
import { apiClient, loginToken, uniqueName, type ApiClient } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

// A yard in India: the day and the Gantt's scale run from the yard's midnight, not UTC's or the
// browser's.
const TIME_ZONE = 'Asia/Kolkata';

describe('machine shifts and allocation screens', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;
  let areas: AreaLayout[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ TIME_ZONE }), launchBrowser()]);
    api = apiClient(server.baseUrl, await loginToken(server.baseUrl, 'superadmin', 'demo'));
    areas = (await api.yard.layout()).areaLayouts;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'America/New_York' });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  afterEach(async () => {
    await context.close();
  });

  const machine = async (zone: string | null = null): Promise<Machine> =>
    (
      await api.machines.save({
        body: { machineName: uniqueName('RS-').slice(0, 20), machineType: 'Reach-Stacker', zone },
      })
    ).machine;

  it('adds, edits and deletes shifts with the spec’s messages, a night shift ending the next day', async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.goto(`${server.baseUrl}/shifts`);
    const rows = page.getByTestId('shifts-table-row');
    await page.getByTestId('shifts-table').waitFor();

    const day = uniqueName('Day');
    const night = uniqueName('Night');
    const addShift = async (name: string, from: string, to: string) => {
      await page.getByTestId('shifts-add').click();
      const dialog = page.getByRole('dialog', { name: 'Add shift' });
      await dialog.waitFor();
      await page.getByTestId('shift-form-name').fill(name);
      await page.getByTestId('shift-form-from').fill(from);
      await page.getByTestId('shift-form-to').fill(to);
      return dialog;
    };

    let dialog = await addShift(day, '06:00', '14:00');
    await page.getByTestId('shift-form-save').click();
    await page.getByText(messages.shiftAdded).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await rows.filter({ hasText: day }).waitFor();

    dialog = await addShift(night, '22:00', '06:00');
    await page.getByTestId('shift-form-next-day').waitFor();
    await screenshot(page, 'shifts-add-night');
    await page.getByTestId('shift-form-save').click();
    await dialog.waitFor({ state: 'hidden' });
    const nightRow = rows.filter({ hasText: night });
    await nightRow.waitFor();
    expect(await nightRow.textContent()).toContain('next day');
    expect(await nightRow.textContent()).toContain('8 h');

    // A second shift of a name, in any case, is the server's refusal on the name field.
    dialog = await addShift(day.toUpperCase(), '07:00', '08:00');
    await page.getByTestId('shift-form-save').click();
    await dialog.getByText(messages.shiftNameTaken(day.toUpperCase())).waitFor();
    await page.getByTestId('shift-form-cancel').click();
    await dialog.waitFor({ state: 'hidden' });

    // Edit: one selected row; Day now starts at 07:00.
    await rows.filter({ hasText: day }).click();
    await page.getByTestId('shifts-edit').click();
    const editDialog = page.getByRole('dialog', { name: `Edit shift ${day}` });
    await editDialog.waitFor();
    await page.getByTestId('shift-form-from').fill('07:00');
    await page.getByTestId('shift-form-save').click();
    await page.getByText(messages.shiftUpdated).first().waitFor();
    await editDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.filter({ hasText: day }).textContent()).toContain('07:00');
    await screenshot(page, 'shifts-list');

    // Delete both with the spec's confirmation; Cancel keeps them.
    await rows.filter({ hasText: night }).click();
    await page.getByTestId('shifts-delete').click();
    const confirm = page.getByRole('dialog', { name: 'Delete shifts' });
    await confirm.getByText(messages.confirmDeleteShifts(2)).waitFor();
    await screenshot(page, 'shifts-delete-confirm');
    await page.getByTestId('confirm-dialog-cancel').click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await rows.filter({ hasText: night }).count()).toBe(1);
    await page.getByTestId('shifts-delete').click();
    await page.getByTestId('confirm-dialog-ok').click();
    await rows.filter({ hasText: night }).waitFor({ state: 'detached' });
    await rows.filter({ hasText: day }).waitFor({ state: 'detached' });
  });

  // The bar of an allocation on the Gantt.
  const bar = (machineName: string): Locator =>
    page.locator(`[data-testid="gantt-bar"][data-machine="${machineName}"]`);
  const barTimes = (machineName: string) => bar(machineName).getAttribute('data-times');
  // Pixels of the Gantt's day scale (a 24-hour day in Kolkata).
  const pixelsPerHour = async () =>
    Number(await page.locator('[data-gantt-chart]').getAttribute('data-timeline-width')) / 24;
  // How far down a Gantt row's middle is from a bar's.
  const rowsAway = async (target: Locator, rowLabel: string) => {
    const row = (await page.locator(`[data-testid="gantt-row"][data-row-label="${rowLabel}"]`).boundingBox())!;
    const box = (await target.boundingBox())!;
    return row.y + row.height / 2 - (box.y + box.height / 2);
  };
  // Presses a part of a bar, moves the mouse by dx (and dy), lets go.
  const drag = async (target: Locator, dx: number, dy = 0) => {
    const box = (await target.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
    await page.mouse.move(x + dx, y + dy, { steps: 5 });
    await page.mouse.up();
  };

  it('adds an allocation, drags and resizes its bar by the mouse, saves, and sees the new times after a reload', async () => {
    const [m1, m2] = [await machine(), await machine()];
    const [areaA, areaB] = [areas[0]!, areas[1]!];
    const today = yardDayOf(Date.now(), TIME_ZONE);

    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.goto(`${server.baseUrl}/allocations`);
    // The day is the yard's today, whatever the browser's zone.
    expect(await page.getByTestId('allocations-day').inputValue()).toBe(today);
    await page.locator('[data-gantt-chart]').waitFor();

    // Add: machine, area and times (spec 2 §5).
    await page.getByTestId('allocations-add').click();
    const dialog = page.getByRole('dialog', { name: `Add allocation on ${today}` });
    await dialog.waitFor();
    await page.getByTestId('allocation-form-save').click();
    await dialog.getByText(messages.allocationRequired).first().waitFor();
    await page.getByTestId('allocation-form-machines').click();
    await page.getByRole('option', { name: m1.machineName }).click();
    // The machine list stays open for more machines; Escape closes it.
    await page.keyboard.press('Escape');
    await page.getByTestId('allocation-form-area').click();
    await page.getByRole('option', { name: areaA.name, exact: true }).click();
    await page.getByTestId('allocation-form-from').fill('08:00');
    await page.getByTestId('allocation-form-to').fill('12:00');
    await screenshot(page, 'allocations-add-form');
    await page.getByTestId('allocation-form-save').click();
    await page.getByText(messages.allocationsSaved).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await bar(m1.machineName).waitFor();
    expect(await barTimes(m1.machineName)).toBe('08:00–12:00');
    expect(await bar(m1.machineName).getAttribute('data-area')).toBe(areaA.name);

    const hour = await pixelsPerHour();
    const body = bar(m1.machineName).getByTestId('gantt-bar-body');
    // Drag one hour later: edited; back again: the edited flag is cleared (spec 2 §4).
    await drag(body, hour);
    await expect.poll(() => barTimes(m1.machineName)).toBe('09:00–13:00');
    expect(await bar(m1.machineName).getAttribute('data-edited')).toBe('true');
    await drag(body, -hour);
    await expect.poll(() => barTimes(m1.machineName)).toBe('08:00–12:00');
    expect(await bar(m1.machineName).getAttribute('data-edited')).toBeNull();
    expect(await page.getByTestId('allocations-save').isDisabled()).toBe(true);

    // Move by 1 h 02 min (the magnet makes it 1 h 00), then pull the end out by 33 min (35).
    await drag(body, hour * (62 / 60));
    await expect.poll(() => barTimes(m1.machineName)).toBe('09:00–13:00');
    await drag(bar(m1.machineName).getByTestId('gantt-bar-end'), hour * (33 / 60));
    await expect.poll(() => barTimes(m1.machineName)).toBe('09:00–13:35');
    expect(await bar(m1.machineName).getAttribute('data-edited')).toBe('true');
    await screenshot(page, 'allocations-gantt-edited');

    await page.getByTestId('allocations-save').click();
    await page.getByText(messages.allocationsSaved).first().waitFor();
    await expect.poll(() => bar(m1.machineName).getAttribute('data-edited')).toBeNull();
    await page.reload();
    await bar(m1.machineName).waitFor();
    expect(await barTimes(m1.machineName)).toBe('09:00–13:35');
    expect(await bar(m1.machineName).getAttribute('data-edited')).toBeNull();

    // From the keyboard: an arrow moves the focused bar by the magnet's 5 minutes; back is unedited.
    await bar(m1.machineName).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => barTimes(m1.machineName)).toBe('09:05–13:40');
    expect(await bar(m1.machineName).getAttribute('data-edited')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => barTimes(m1.machineName)).toBe('09:00–13:35');
    expect(await bar(m1.machineName).getAttribute('data-edited')).toBeNull();

    // By area: drag the bar down onto area B's row; its area changes when the move ends.
    await page.getByTestId('allocations-view').getByText('By area').click();
    await bar(m1.machineName).waitFor();
    const m1Body = bar(m1.machineName).getByTestId('gantt-bar-body');
    await drag(m1Body, 0, await rowsAway(m1Body, areaB.name));
    await expect.poll(() => bar(m1.machineName).getAttribute('data-area')).toBe(areaB.name);
    expect(await barTimes(m1.machineName)).toBe('09:00–13:35');

    // Another planner saves meanwhile: it appears without a reload.
    await api.machineAllocations.save({
      body: {
        areaId: areaA.areaId,
        allocations: [
          {
            machineId: m2.id,
            fromTime: yardTimeOnDay(today, 14 * 60, TIME_ZONE),
            toTime: yardTimeOnDay(today, 16 * 60, TIME_ZONE),
          },
        ],
      },
    });
    await bar(m2.machineName).waitFor();
    await screenshot(page, 'allocations-gantt-by-area');
    await page.getByTestId('allocations-save').click();
    await page.getByText(messages.allocationsSaved).first().waitFor();
    await page.reload();
    await page.getByTestId('allocations-view').getByText('By area').click();
    await bar(m1.machineName).waitFor();
    expect(await bar(m1.machineName).getAttribute('data-area')).toBe(areaB.name);
    expect(await barTimes(m1.machineName)).toBe('09:00–13:35');

    // A machine in two places at once is refused before saving: the bar turns red, save is blocked.
    await page.getByTestId('allocations-view').getByText('By machine').click();
    await drag(bar(m2.machineName).getByTestId('gantt-bar-body'), -hour * 3);
    await expect.poll(() => barTimes(m2.machineName)).toBe('11:00–13:00');
    const m2Body = bar(m2.machineName).getByTestId('gantt-bar-body');
    await drag(m2Body, 0, await rowsAway(m2Body, m1.machineName));
    await page.locator('[data-testid="gantt-bar"][data-conflict="true"]').first().waitFor();
    expect(await page.locator('[data-testid="gantt-bar"][data-conflict="true"]').count()).toBe(2);
    expect(await page.getByTestId('allocations-save').isDisabled()).toBe(true);
    await screenshot(page, 'allocations-gantt-conflict');
    await page.getByTestId('allocations-discard').click();
    await expect.poll(() => page.locator('[data-testid="gantt-bar"][data-edited="true"]').count()).toBe(0);
  });

  it('lists a day’s allocations with sort, filter and the spec’s row colours, and deletes with its confirmation', async () => {
    const [areaA, areaB] = [areas[0]!, areas[1]!];
    // In its area (its zone names it), elsewhere (no position, no zone), and one not running now.
    const [inPlace, elsewhere, later] = [await machine(areaA.name), await machine(), await machine()];
    const today = yardDayOf(Date.now(), TIME_ZONE);
    const whole = { fromTime: yardTimeOnDay(today, 0, TIME_ZONE), toTime: yardTimeOnDay(today, 24 * 60, TIME_ZONE) };
    // An hour of today that is not now.
    const notNowHour = yardMinuteOfDay(Date.now(), TIME_ZONE) < 12 * 60 ? 20 : 2;
    await api.machineAllocations.save({
      body: {
        areaId: areaA.areaId,
        allocations: [
          { machineId: inPlace.id, ...whole },
          {
            machineId: later.id,
            fromTime: yardTimeOnDay(today, notNowHour * 60, TIME_ZONE),
            toTime: yardTimeOnDay(today, (notNowHour + 1) * 60, TIME_ZONE),
          },
        ],
      },
    });
    await api.machineAllocations.save({
      body: { areaId: areaB.areaId, allocations: [{ machineId: elsewhere.id, ...whole }] },
    });
    // Tomorrow's allocations are not today's.
    const tomorrow = shiftYardDay(today, { days: 1 });
    await api.machineAllocations.save({
      body: {
        areaId: areaA.areaId,
        allocations: [
          {
            machineId: elsewhere.id,
            fromTime: yardTimeOnDay(tomorrow, 60, TIME_ZONE),
            toTime: yardTimeOnDay(tomorrow, 120, TIME_ZONE),
          },
        ],
      },
    });

    await loginThroughPage(page, server.baseUrl, 'admin', 'demo');
    await page.goto(`${server.baseUrl}/allocations`);
    await page.getByTestId('allocations-shown').getByText('List').click();
    const rows = page.getByTestId('allocations-table-row');
    const row = (name: string) => rows.filter({ hasText: name });
    await row(inPlace.machineName).waitFor();
    expect(await row(inPlace.machineName).getAttribute('data-row-tone')).toBe('current');
    expect(await row(elsewhere.machineName).getAttribute('data-row-tone')).toBe('misplaced');
    expect(await row(later.machineName).getAttribute('data-row-tone')).toBe('notNow');
    expect(await row(elsewhere.machineName).count()).toBe(1);
    await screenshot(page, 'allocations-list-colours');

    // Sort by machine over every row, then filter by a name.
    await page.getByTestId('allocations-table-sort-machine').click();
    const names = (await page.getByTestId('allocations-table-row').allTextContents()).map((text) => text);
    // The table sorts text naturally (TanStack's alphanumeric: digits by value, letters without case).
    const ours = [inPlace, elsewhere, later]
      .map((each) => each.machineName)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }));
    const order = ours.map((name) => names.findIndex((text) => text.includes(name)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    await page.getByTestId('allocations-filter').fill(later.machineName);
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByTestId('allocations-filter').fill('');

    // The next day shows its own allocations.
    await page.getByTestId('allocations-next-day').click();
    await expect.poll(() => page.getByTestId('allocations-day').inputValue()).toBe(tomorrow);
    await row(elsewhere.machineName).waitFor();
    expect(await row(inPlace.machineName).count()).toBe(0);
    await page.getByTestId('allocations-previous-day').click();
    await row(inPlace.machineName).waitFor();

    // Delete two with the spec's confirmation.
    await row(later.machineName).getByRole('checkbox').check();
    await row(elsewhere.machineName).getByRole('checkbox').check();
    await page.getByTestId('allocations-delete').click();
    const confirm = page.getByRole('dialog', { name: 'Delete allocations' });
    await confirm.getByText(messages.confirmDeleteAllocations(2)).waitFor();
    await screenshot(page, 'allocations-delete-confirm');
    await page.getByTestId('confirm-dialog-ok').click();
    await row(later.machineName).waitFor({ state: 'detached' });
    await row(elsewhere.machineName).waitFor({ state: 'detached' });
    expect(await row(inPlace.machineName).count()).toBe(1);
  });

  it('keeps the keyboard focus on a bar whose row scrolls out of the frame, and scrolls back to it as it moves', async () => {
    // A yard of more machines than the frame holds: the first row's bar is focused, then the frame
    // scrolls to its end, where only the rows in its window are drawn.
    const save = (machineName: string) =>
      api.machines.save({ body: { machineName, machineType: 'Reach-Stacker', zone: null } });
    const first = (await save(uniqueName('AA-').slice(0, 20))).machine;
    const others = uniqueName('AB-').slice(0, 16);
    await Promise.all(Array.from({ length: 40 }, (_, index) => save(`${others}-${index}`)));
    const today = yardDayOf(Date.now(), TIME_ZONE);
    await api.machineAllocations.save({
      body: {
        areaId: areas[0]!.areaId,
        allocations: [
          {
            machineId: first.id,
            fromTime: yardTimeOnDay(today, 9 * 60, TIME_ZONE),
            toTime: yardTimeOnDay(today, 11 * 60, TIME_ZONE),
          },
        ],
      },
    });
    await page.setViewportSize({ width: 1440, height: 600 });
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.goto(`${server.baseUrl}/allocations`);
    await bar(first.machineName).focus();
    const frame = page.getByTestId('allocation-gantt');
    await frame.evaluate((element: { scrollTop: number; scrollHeight: number }) => {
      element.scrollTop = element.scrollHeight;
    });
    await expect
      .poll(() => page.getByTestId('gantt-row').first().getAttribute('data-row-label'))
      .not.toBe(first.machineName);
    const focused = () => page.locator(':focus').getAttribute('data-machine');
    expect(await focused()).toBe(first.machineName);
    // The arrow still moves it, and the frame scrolls back to where it is.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => barTimes(first.machineName)).toBe('09:05–11:05');
    const inSight = async () => {
      const [box, window] = [await bar(first.machineName).boundingBox(), await frame.boundingBox()];
      // Below the hours' band at the top of the frame, above its bottom.
      return (
        box !== null && window !== null && box.y >= window.y + 20 && box.y + box.height <= window.y + window.height
      );
    };
    await expect.poll(inSight).toBe(true);
    expect(await focused()).toBe(first.machineName);
    // Ringed as the focused control, and only it.
    expect(await page.getByTestId('gantt-bar-focus').count()).toBe(1);
    expect(await bar(first.machineName).getByTestId('gantt-bar-focus').count()).toBe(1);
    await screenshot(page, 'allocations-gantt-focus-kept');
  });

  it('opens the machine screens read-only for an operator', async () => {
    await loginThroughPage(page, server.baseUrl, 'operator', 'demo');
    await page.goto(`${server.baseUrl}/allocations`);
    await page.getByTestId('allocations-read-only').waitFor();
    expect(await page.getByTestId('allocations-add').isDisabled()).toBe(true);
    await page.goto(`${server.baseUrl}/shifts`);
    await page.getByTestId('shifts-read-only').waitFor();
    expect(await page.getByTestId('shifts-add').isDisabled()).toBe(true);
  });
});
