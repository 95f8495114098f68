import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_TOUCH_TARGET_PX, messages, withCheckDigit } from '@openyard/contracts';
import { apiClient, loginToken, type ApiClient } from './support/api';
import { freeSlots } from './support/freeSlots';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

// The public kiosks and mobile search (issue 21) in a browser: a kiosk portrait touch screen
// (1080x1920) signed in with its kiosk token, and a phone (390x844) without a login. Every control
// a finger touches is measured: at least MIN_TOUCH_TARGET_PX both ways.
const KIOSK_VIEWPORT = { width: 1080, height: 1920 };
const PHONE_VIEWPORT = { width: 390, height: 844 };
const ENV = {
  KIOSK_HEADER_TITLE: 'Welcome to Openyard ICD',
  KIOSK_HEADER_SUBTITLE: 'Find your container, check its status, ask for a move',
  KIOSK_BANNER: 'The gate closes at 22:00 today',
  MOBILE_APP_ANDROID_URL: 'https://play.google.com/store/apps/details?id=example.openyard',
  MOBILE_APP_IOS_URL: 'https://apps.apple.com/app/openyard/id000000000',
};

// The controls of a page a finger may touch, smaller than the minimum either way (run in the page;
// the e2e project has no DOM types, so the script is text).
const SMALL_TARGETS = `(min) => [...document.querySelectorAll(
  'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="option"]',
)]
  .filter((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') return false;
    return box.width < min - 0.5 || box.height < min - 0.5;
  })
  .map((element) => {
    const box = element.getBoundingClientRect();
    return Math.round(box.width) + 'x' + Math.round(box.height) + ' ' + element.outerHTML.slice(0, 100);
  })`;
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(`(${SMALL_TARGETS})(${MIN_TOUCH_TARGET_PX})`);
}

// The browser's own print dialog is not the product's: the pages count the calls instead.
const COUNT_PRINTS = 'window.printed = 0; window.print = () => { window.printed += 1; };';
const printed = (page: Page) => page.evaluate<number>('window.printed');

describe('public kiosks and mobile search', () => {
  let server: RunningServer;
  let browser: Browser;
  let kioskContext: BrowserContext;
  let phoneContext: BrowserContext;
  let kiosk: Page;
  let phone: Page;
  let api: ApiClient;
  let boxes: string[];
  const serial = Number(String(Date.now()).slice(-5));
  const IGM = String(7_000_000 + serial);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(ENV), launchBrowser()]);
    const token = await loginToken(server.baseUrl, 'superadmin', 'demo');
    api = apiClient(server.baseUrl, token);
    const slots = await freeSlots(server.baseUrl, token, 2);
    boxes = [];
    for (const [index, location] of slots.entries()) {
      const containerNumber = withCheckDigit(`KSKU${String((serial * 10 + index) % 1_000_000).padStart(6, '0')}`);
      await api.containers.save({
        body: { containerNumber, sizeName: '20', location, igm: IGM, item: '1', customer: 'Konkan Agro Exports' },
      });
      boxes.push(containerNumber);
    }
    kioskContext = await browser.newContext({ viewport: KIOSK_VIEWPORT, hasTouch: true });
    phoneContext = await browser.newContext({ viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true });
    for (const context of [kioskContext, phoneContext]) await context.addInitScript({ content: COUNT_PRINTS });
    kiosk = await kioskContext.newPage();
    phone = await phoneContext.newPage();
    kiosk.setDefaultTimeout(20_000);
    phone.setDefaultTimeout(20_000);
  }, 120_000);
  afterAll(async () => {
    await kioskContext?.close();
    await phoneContext?.close();
    await browser?.close();
    await server?.stop();
  });

  const tapKeys = async (text: string) => {
    for (const key of text) await kiosk.getByTestId(`kiosk-keyboard-key-${key}`).tap();
  };

  it('signs a kiosk in with the token an admin made for it, and shows the configured start page', async () => {
    // The admin makes the kiosk's token on the Displays tab and reads its address off the dialog.
    const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    let kioskAddress: string;
    try {
      const admin = await adminContext.newPage();
      await loginThroughPage(admin, server.baseUrl, 'admin', 'demo');
      await admin.goto(`${server.baseUrl}/users`);
      await admin.getByTestId('users-tab-displays').click();
      await admin.getByTestId('display-tokens-add').click();
      await admin.getByTestId('display-token-form-role').getByText('Kiosk').click();
      await admin.getByTestId('display-token-form-name').fill('Gate kiosk');
      await admin.getByTestId('display-token-form-save').click();
      kioskAddress = (await admin.getByTestId('display-url').textContent())!;
      expect(kioskAddress).toMatch(new RegExp(`^${server.baseUrl}/start\\?token=oyd_`));
      await screenshot(admin, 'kiosk-token-made');
      await admin.getByTestId('display-token-shown-close').click();
      await admin.getByTestId('display-tokens-table').getByText('Kiosk', { exact: true }).waitFor();
    } finally {
      await adminContext.close();
    }
    await kiosk.goto(kioskAddress);
    await kiosk.getByTestId('kiosk-start-tasks').waitFor();
    expect(kiosk.url()).toBe(`${server.baseUrl}/start`);
    expect(await kiosk.getByTestId('public-title').textContent()).toBe(ENV.KIOSK_HEADER_TITLE);
    expect(await kiosk.getByTestId('public-subtitle').textContent()).toBe(ENV.KIOSK_HEADER_SUBTITLE);
    expect(await kiosk.getByTestId('public-banner').textContent()).toContain(ENV.KIOSK_BANNER);
    // No navigation bar on the kiosk's pages (spec 3 §2).
    expect(await kiosk.locator('header, nav').count()).toBe(0);
    expect(await smallTargets(kiosk)).toEqual([]);
    await screenshot(kiosk, 'kiosk-start');
  });

  it('locates containers typed as tags on the on-screen keyboard, and says when a location is not found', async () => {
    await kiosk.getByTestId('kiosk-start-locate').tap();
    await kiosk.getByTestId('kiosk-keyboard').waitFor();
    // Nothing typed: Locate waits for at least one container (spec 2 §5).
    expect(await kiosk.getByTestId('kiosk-locate-submit').isDisabled()).toBe(true);
    await tapKeys(`${boxes[0]},`);
    await tapKeys(boxes[1]!);
    await kiosk.getByTestId('kiosk-keyboard-enter').tap();
    expect(await kiosk.getByTestId('kiosk-locate-entries-tag').allTextContents()).toEqual(boxes);
    expect(await smallTargets(kiosk)).toEqual([]);
    await screenshot(kiosk, 'kiosk-locate-input');
    await kiosk.getByTestId('kiosk-locate-submit').tap();
    await kiosk.getByTestId('kiosk-locations-map').waitFor();
    expect(await kiosk.getByTestId('kiosk-locations-found').count()).toBe(2);
    expect(await kiosk.getByTestId('kiosk-locations-place').first().textContent()).toMatch(
      /^Area \S+ · Row \S+ · Column \S+ · Tier \S+$/,
    );
    // Nothing private on the page: no customer.
    expect(await kiosk.locator('body').textContent()).not.toContain('Konkan');
    expect(await smallTargets(kiosk)).toEqual([]);
    await screenshot(kiosk, 'kiosk-locate-found');

    await kiosk.getByTestId('kiosk-locate-again').tap();
    await tapKeys(withCheckDigit('ZZZU999999'));
    await kiosk.getByTestId('kiosk-locate-submit').tap();
    await kiosk.getByTestId('kiosk-location-not-found').getByText(messages.kioskLocationNotFound).waitFor();
    await screenshot(kiosk, 'kiosk-locate-not-found');
  });

  it('shows an IGM item’s status from the numeric keypad, and prints it', async () => {
    await kiosk.getByTestId('public-back').tap();
    await kiosk.getByTestId('kiosk-start-status').tap();
    const submit = kiosk.getByTestId('kiosk-status-submit');
    for (const key of IGM) await kiosk.getByTestId(`kiosk-keypad-key-${key}`).tap();
    // Both numbers are needed (spec 2 §5).
    expect(await submit.isDisabled()).toBe(true);
    await kiosk.getByTestId('kiosk-keypad-enter').tap();
    await kiosk.getByTestId('kiosk-keypad-key-1').tap();
    expect(await kiosk.getByTestId('kiosk-status-igmNumber').inputValue()).toBe(IGM);
    expect(await kiosk.getByTestId('kiosk-status-itemNumber').inputValue()).toBe('1');
    await submit.tap();
    await expect.poll(() => kiosk.getByTestId('kiosk-status-row').count()).toBe(2);
    expect(await kiosk.getByTestId('kiosk-status-results').textContent()).toContain('In yard');
    expect(await smallTargets(kiosk)).toEqual([]);
    await screenshot(kiosk, 'kiosk-status');
    await kiosk.getByTestId('kiosk-status-print').tap();
    expect(await printed(kiosk)).toBe(1);
  });

  it('saves a kiosk task that the staff then see on /tasks', async () => {
    await kiosk.getByTestId('public-back').tap();
    await kiosk.getByTestId('kiosk-start-tasks').tap();
    await tapKeys(`${IGM}:1`);
    await kiosk.getByTestId('kiosk-tasks-search').tap();
    await expect.poll(() => kiosk.getByTestId('kiosk-task-row').count()).toBe(2);
    // Untouched rows keep Save disabled (spec 2 §5).
    const save = kiosk.getByTestId('kiosk-tasks-save');
    expect(await save.isDisabled()).toBe(true);
    await kiosk.getByTestId('kiosk-task-row-1-remove').tap();
    const choose = async (field: string, option: string) => {
      await kiosk.getByTestId(`kiosk-task-row-0-${field}`).tap();
      await kiosk.getByRole('option', { name: option, exact: true }).tap();
    };
    await choose('taskType', 'Examination');
    expect(await save.isDisabled()).toBe(true);
    await choose('fromLocation', 'Trailer');
    await choose('toLocation', 'Examination Zone');
    await kiosk.getByTestId('kiosk-task-row-0-deliveryMode').tap();
    // The options a finger picks from are large enough too.
    expect(await smallTargets(kiosk)).toEqual([]);
    await kiosk.getByRole('option', { name: 'Crane', exact: true }).tap();
    await expect.poll(() => save.isDisabled()).toBe(false);
    await screenshot(kiosk, 'kiosk-tasks-rows');
    await save.tap();
    await kiosk.getByTestId('kiosk-tasks-summary').waitFor();
    expect(await kiosk.getByTestId('kiosk-tasks-summary-row').count()).toBe(1);
    await kiosk.getByTestId('kiosk-tasks-print').tap();
    expect(await printed(kiosk)).toBe(2);
    await screenshot(kiosk, 'kiosk-tasks-summary');

    const [task] = (await api.tasks.page({ query: { searchText: boxes[0]! } })).tasks;
    expect(task).toMatchObject({
      source: 'kiosk',
      assignedToMachine: 'ALL',
      taskType: 'Examination',
      status: 'pending',
    });
    const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const staff = await staffContext.newPage();
      await loginThroughPage(staff, server.baseUrl, 'superadmin', 'demo');
      await staff.goto(`${server.baseUrl}/tasks`);
      await staff
        .locator('[data-testid="tasks-table-row"]', { hasText: boxes[0]! })
        .getByText('Examination Zone')
        .waitFor();
      await screenshot(staff, 'kiosk-task-on-tasks');
    } finally {
      await staffContext.close();
    }
  });

  it('searches on a phone with each message, the no-container state and the store links', async () => {
    await phone.goto(`${server.baseUrl}/mobile-search`);
    await phone.getByTestId('mobile-store-android').waitFor();
    expect(await phone.locator('header, nav').count()).toBe(0);
    await phone.getByTestId('mobile-search-submit').tap();
    await phone.getByTestId('mobile-search-problem').getByText(messages.searchNothingGiven).waitFor();
    const eleven = Array.from({ length: 11 }, (_, index) => withCheckDigit(`ABCU${String(index).padStart(6, '0')}`));
    await phone.getByTestId('mobile-search-query').fill(eleven.join(', '));
    await phone.getByTestId('mobile-search-submit').tap();
    await phone.getByTestId('mobile-search-problem').getByText(messages.searchTooMany).waitFor();
    expect(await smallTargets(phone)).toEqual([]);
    await screenshot(phone, 'mobile-search-too-many');

    // An empty or invalid query in the view's address goes back to the search, with its message.
    await phone.goto(`${server.baseUrl}/mobile-search-view?query=`);
    await phone.waitForURL(`${server.baseUrl}/mobile-search`);
    await phone.getByTestId('mobile-search-problem').getByText(messages.searchNothingGiven).waitFor();
    await phone.goto(`${server.baseUrl}/mobile-search-view?query=${encodeURIComponent(eleven.join(','))}`);
    await phone.waitForURL(`${server.baseUrl}/mobile-search`);
    await phone.getByTestId('mobile-search-problem').getByText(messages.searchTooMany).waitFor();

    await phone.getByTestId('mobile-search-query').fill(`${boxes[0]!.toLowerCase()}, ${boxes[1]}`);
    await phone.getByTestId('mobile-search-submit').tap();
    await phone.getByTestId('mobile-places-map').waitFor();
    expect(new URL(phone.url()).pathname).toBe('/mobile-search-view');
    expect(await phone.getByTestId('mobile-places-found').count()).toBe(2);
    expect(await smallTargets(phone)).toEqual([]);
    await screenshot(phone, 'mobile-search-view');

    await phone.goto(`${server.baseUrl}/mobile-search-view?query=${withCheckDigit('ZZZU888888')}`);
    await phone.getByTestId('mobile-no-container').getByText(messages.mobileNoContainer).waitFor();
    await phone.getByTestId('mobile-store-ios').waitFor();
    await screenshot(phone, 'mobile-search-no-container');
  });

  it('opens a status link on a phone without a login, and nothing once it is revoked', async () => {
    const [{ containerId }] = (await api.containers.inYard({ query: { searchText: boxes[1]! } })).entities.map(
      (row) => ({
        containerId: row.id,
      }),
    ) as [{ containerId: number }];
    const link = await api.kiosk.issueStatusLink({ body: { containerId } });
    await phone.goto(`${server.baseUrl}/track/${link.token}`);
    expect(await phone.getByTestId('track-status').textContent()).toBe('In yard');
    expect(await phone.getByTestId('track-number').textContent()).toBe(boxes[1]);
    await phone.getByTestId('track-places-map').waitFor();
    expect(await smallTargets(phone)).toEqual([]);
    await screenshot(phone, 'track');

    // A lost slip: the staff revoke the link from the containers screen, which shows the new one.
    const staffContext = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    try {
      const staff = await staffContext.newPage();
      staff.setDefaultTimeout(20_000);
      await loginThroughPage(staff, server.baseUrl, 'superadmin', 'demo');
      await staff.goto(`${server.baseUrl}/containers`);
      const table = staff.getByTestId('containers-table-yard');
      await table.getByTestId('containers-table-yard-row').first().waitFor();
      const search = staff.getByTestId('containers-yard-search-text');
      await search.fill(boxes[1]!);
      await search.press('Enter');
      await table.getByTestId('containers-table-yard-row').filter({ hasText: boxes[1]! }).getByRole('checkbox').check();
      await staff.getByTestId('containers-yard-status-link').click();
      const dialog = staff.getByRole('dialog', { name: 'Status link' });
      const shown = dialog.getByTestId('gate-status-link-url');
      await shown.waitFor();
      // The visit's one link: the containers screen shows the link the gate issued.
      expect(await shown.textContent()).toContain(link.token);
      await screenshot(staff, 'containers-status-link');
      await dialog.getByTestId('gate-status-link-revoke').click();
      await staff.getByTestId('confirm-dialog-ok').click();
      await expect.poll(() => dialog.getByTestId('gate-status-link-url').textContent()).not.toContain(link.token);
      const renewed = (await dialog.getByTestId('gate-status-link-url').textContent())!;
      await phone.reload();
      await phone.getByTestId('track-state-error').getByText(messages.statusLinkInvalid).waitFor();
      await phone.goto(renewed);
      expect(await phone.getByTestId('track-number').textContent()).toBe(boxes[1]);
    } finally {
      await staffContext.close();
    }
  });
});
