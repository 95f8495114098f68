import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages, withCheckDigit } from '@openyard/contracts';
import { apiClient, createUser, loginToken, uniqueName, type ApiClient } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import {
  cameraOf,
  frameUploader,
  liveOpen,
  pendingCount,
  takeNext,
  topOfStackNumbers,
  type CameraLogin,
} from './support/smartGate';
import { startServer, type RunningServer } from './support/startServer';

// Smart gate operations (issue 16) beyond one lane: two operators on one record (one wins, the
// other is told and gets the next record or an empty lane); the OCR accuracy panel moving live as
// records are accepted unchanged, by candidate and typed; gate passes entered by hand and by sheet
// on /gate-passes and verified on /igateout; the gates a user works set on /users and shown on
// /igate and /igateout.
describe('smart gate operations', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: ApiClient;
  let token: string;
  let outGate: number;
  let camera: CameraLogin;
  let upload: ReturnType<typeof frameUploader>;
  let inYard: string[];
  const role = uniqueName('sgop');
  const operators = [uniqueName('opa'), uniqueName('opb')];
  const password = 'Secret-123!';
  const contexts: BrowserContext[] = [];
  let lastPage: Page | null = null;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ OCR_VISIT_WINDOW_MS: '800' }), launchBrowser()]);
    token = await loginToken(server.baseUrl, 'superadmin', 'demo');
    api = apiClient(server.baseUrl, token);
    const gate = (await api.gates.list()).find((candidate) => candidate.type === 'OUT' && candidate.camConfig.length)!;
    outGate = gate.id;
    camera = await cameraOf(server, outGate);
    upload = frameUploader(server, 20_261_127);
    inYard = await topOfStackNumbers(api, 20);
    // Smart gate operators: the gate menu, the dispatch screen as landing page (so they may
    // dispatch there, spec 3 §6), no create rights elsewhere; both work the OUT gate.
    const { role: created } = await api.roles.create({ body: { name: role } });
    await api.roles.updatePermissions({
      body: { roleId: created.id, landingPage: '/igateout', permissions: { gateVisible: true, crudEnabled: false } },
    });
    for (const username of operators) {
      const user = await createUser(server.baseUrl, token, { username, password, role });
      await api.smartGate.setUserGates({ params: { id: user.id }, body: { gateIds: [outGate] } });
    }
  }, 180_000);
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.stop();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && lastPage)
      await screenshot(lastPage, `smart-gate-ops-failed-${task.name.slice(0, 30).replace(/\W+/g, '-')}`).catch(
        () => undefined,
      );
  });

  const newPage = async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    lastPage = page;
    return page;
  };
  // Signed in on /igateout (an operator lands there).
  const openOut = async (username: string, secret = password) => {
    const page = await newPage();
    await loginThroughPage(page, server.baseUrl, username, secret);
    if (!page.url().endsWith('/igateout')) await page.goto(`${server.baseUrl}/igateout`);
    await page.getByTestId('igate-gate-picker').waitFor();
    await liveOpen(page);
    return page;
  };
  // A frame of `number` at the OUT gate, and the record counted live on every page given.
  const frame = async (number: string, pages: Page[]) => {
    const before = await Promise.all(pages.map(pendingCount));
    await upload(number, outGate, camera);
    for (const [index, page] of pages.entries())
      await expect.poll(() => pendingCount(page), { timeout: 90_000 }).toBeGreaterThan(before[index]!);
  };
  const passFor = (number: string) => api.smartGate.createGatePass({ body: { containerNumber: number } });
  const laneNumber = (page: Page) => page.getByTestId('igate-field-containerNumber').inputValue();

  let racers: Page[];
  it('two operators take the same record and dispatch it at once: one wins, the other is told and gets the next record', async () => {
    const [first, second, third] = inYard.slice(0, 3) as [string, string, string];
    await Promise.all([first, second, third].map(passFor));
    racers = [await openOut(operators[0]!), await openOut(operators[1]!)];
    // Two records waiting: the race is for the older one, the loser is handed the younger.
    await frame(first, racers);
    await frame(second, racers);
    for (const page of racers) {
      expect(await takeNext(page, first)).toBe('unchanged');
      await page.keyboard.press('Alt+V');
      await page.getByTestId('igate-pass-valid').waitFor();
    }
    const ids = await Promise.all(
      racers.map((page) => page.getByTestId('igate-record').getAttribute('data-record-id')),
    );
    expect(ids[0]).toBe(ids[1]);
    await screenshot(racers[1]!, 'smart-gate-ops-1-same-record');

    await Promise.all(racers.map((page) => page.keyboard.press('Alt+S')));
    const outcome = async (page: Page) =>
      (await page.getByTestId('igate-status-success').count())
        ? 'won'
        : (await page.getByTestId('igate-status-error').count())
          ? 'lost'
          : 'waiting';
    await expect
      .poll(async () => (await Promise.all(racers.map(outcome))).sort(), { timeout: 20_000 })
      .toEqual(['lost', 'won']);
    const loser = (await outcome(racers[0]!)) === 'lost' ? racers[0]! : racers[1]!;
    const winner = loser === racers[0] ? racers[1]! : racers[0]!;
    await winner.getByTestId('igate-status-success').getByText(messages.dispatchSuccessful).waitFor();
    await loser.getByTestId('igate-status-error').getByText(messages.ocrRecordTaken).waitFor();
    // The loser's lane holds the next record, the message still above it.
    await expect.poll(() => loser.getByTestId('igate-record').getAttribute('data-record-id')).not.toBe(ids[0]);
    await expect.poll(() => laneNumber(loser)).toBe(second);
    await screenshot(loser, 'smart-gate-ops-2-lost-next-record');
    const report = await api.smartGate.dispatchReport({
      query: { startDate: Date.now() - 3_600_000, endDate: Date.now() + 60_000, gateId: outGate },
    });
    expect(report.dataprovider.filter((row) => row.usedContainerNumber === first)).toHaveLength(1);

    // The loser dispatches the record it was handed.
    await loser.keyboard.press('Alt+V');
    await loser.getByTestId('igate-pass-valid').waitFor();
    await loser.keyboard.press('Alt+S');
    await loser.getByTestId('igate-status-success').getByText(messages.dispatchSuccessful).waitFor();
    await winner.getByTestId('igate-record').waitFor({ state: 'detached', timeout: 10_000 });
    await loser.getByTestId('igate-record').waitFor({ state: 'detached', timeout: 10_000 });

    // One record left for both, none after it: the loser's lane is empty under the message.
    await frame(third, racers);
    for (const page of racers) {
      await takeNext(page, third);
      await page.keyboard.press('Alt+V');
      await page.getByTestId('igate-pass-valid').waitFor();
    }
    await Promise.all(racers.map((page) => page.keyboard.press('Alt+S')));
    await expect
      .poll(async () => (await Promise.all(racers.map(outcome))).sort(), { timeout: 20_000 })
      .toEqual(['lost', 'won']);
    const emptyLoser = (await outcome(racers[0]!)) === 'lost' ? racers[0]! : racers[1]!;
    await emptyLoser.getByTestId('igate-status-error').getByText(messages.ocrRecordTaken).waitFor();
    await emptyLoser.getByTestId('igate-record').waitFor({ state: 'detached' });
    expect(await laneNumber(emptyLoser)).toBe('');
    await expect.poll(() => pendingCount(emptyLoser)).toBe(0);
    await screenshot(emptyLoser, 'smart-gate-ops-3-lost-empty-lane');
  }, 300_000);

  it('the OCR accuracy panel follows records accepted unchanged, by candidate and typed, without a reload', async () => {
    const watcher = await openOut('superadmin', 'demo');
    await watcher.getByTestId('igate-gate-picker').selectOption(String(outGate));
    await watcher.getByTestId('igate-tab-reports').click();
    await watcher.getByTestId('igate-accuracy').waitFor();
    await watcher.evaluate(() => ((globalThis as { notReloaded?: boolean }).notReloaded = true));
    const figure = async (column: 'total' | 'unchanged' | 'candidate' | 'typed') =>
      Number(/^\d+/.exec(await watcher.getByTestId(`igate-accuracy-${column}`).first().innerText())?.[0] ?? NaN);
    const figures = async () => ({
      total: await figure('total'),
      unchanged: await figure('unchanged'),
      candidate: await figure('candidate'),
      typed: await figure('typed'),
    });
    const operator = racers[0]!;
    const [clean, misread, typed] = inYard.slice(3, 6) as [string, string, string];
    await Promise.all([clean, misread, typed].map(passFor));
    const wrongDigit = `${misread.slice(0, 10)}${(Number(misread[10]) + 1) % 10}`;
    // What the camera paints, what the operator ends with, and how.
    const visits = [
      { painted: clean, used: clean, how: 'unchanged' },
      { painted: wrongDigit, used: misread, how: 'candidate' },
      // Another box's number on the camera: the operator types the one on the truck.
      { painted: withCheckDigit(`OYTU${String(Date.now() % 1_000_000).padStart(6, '0')}`), used: typed, how: 'typed' },
    ] as const;
    for (const [index, visit] of visits.entries()) {
      const before = await figures();
      await frame(visit.painted, [operator]);
      expect(await takeNext(operator, visit.used)).toBe(visit.how);
      await operator.keyboard.press('Alt+V');
      await operator.getByTestId('igate-pass-valid').waitFor();
      await operator.keyboard.press('Alt+S');
      await operator.getByTestId('igate-status-success').getByText(messages.dispatchSuccessful).waitFor();
      await expect.poll(figures, { timeout: 15_000 }).toEqual({
        ...before,
        total: before.total + 1,
        [visit.how]: before[visit.how] + 1,
      });
      await screenshot(watcher, `smart-gate-ops-${4 + index}-accuracy-${visit.how}`);
      await operator.getByTestId('igate-record').waitFor({ state: 'detached', timeout: 10_000 });
    }
    expect(await watcher.evaluate(() => (globalThis as { notReloaded?: boolean }).notReloaded)).toBe(true);
    // The report's rows came live too, each with its snapshots: a thumbnail opens the larger view.
    await watcher.getByTestId(`igate-report-row-${typed}`).waitFor();
    const thumbnails = watcher.getByTestId(`igate-report-snapshots-${typed}`);
    await thumbnails.getByTestId(`igate-report-snapshots-${typed}-thumb-0`).waitFor();
    await screenshot(watcher, 'smart-gate-ops-7-report-snapshots');
    await thumbnails.getByTestId(`igate-report-snapshots-${typed}-0`).click();
    await watcher.getByTestId(`igate-report-snapshots-${typed}-large`).waitFor();
    const size = await watcher
      .getByTestId(`igate-report-snapshots-${typed}-large`)
      .evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth);
    expect(size).toBeGreaterThan(100);
    await screenshot(watcher, 'smart-gate-ops-8-snapshot-large');
    await watcher.keyboard.press('Escape');
  }, 300_000);

  it('gate passes entered by hand and by sheet on /gate-passes are verified on /igateout', async () => {
    const [byHand, sheetA, sheetB] = inYard.slice(6, 9) as [string, string, string];
    // An operator lands on /igateout: the gate-pass store is read only for them there (spec 3 §6).
    const operator = racers[1]!;
    await operator.getByTestId('igate-gate-passes').click();
    await operator.waitForURL(/\/gate-passes$/);
    await operator.getByTestId('gate-passes-read-only').waitFor();

    const page = await openOut('superadmin', 'demo');
    await page.getByTestId('igate-gate-passes').click();
    await page.waitForURL(/\/gate-passes$/);
    await page.getByTestId('gate-passes-table').waitFor();
    // The passes the races used are listed as used.
    await page.getByTestId('gate-passes-search').fill(inYard[0]!);
    await page.getByTestId('gate-passes-table-row').filter({ hasText: inYard[0]! }).getByText('Used').waitFor();
    await page.getByTestId('gate-passes-search').fill('');

    // By hand: a wrong ISO 6346 check digit is asked about first.
    await page.getByTestId('gate-passes-add').click();
    const wrong = `${byHand.slice(0, 10)}${(Number(byHand[10]) + 1) % 10}`;
    await page.getByTestId('gate-pass-form-containerNumber').fill(wrong.toLowerCase());
    await page.getByTestId('gate-pass-form-check-digit').waitFor();
    await page.getByTestId('gate-pass-form-boeNumber').fill('BOE-77');
    await page.getByTestId('gate-pass-form-boeDate').fill('2026-11-20');
    await page.getByTestId('gate-pass-form-chaName').fill('Acme CHA');
    await page.getByTestId('gate-pass-form-consignee').fill('Blue Ocean Traders');
    await page.getByTestId('gate-pass-form-validTill').fill('2099-12-31');
    await page.getByTestId('gate-pass-form-remarks').fill('Released by customs');
    await screenshot(page, 'smart-gate-ops-9-gate-pass-form');
    await page.getByTestId('gate-pass-form-save').click();
    await page.getByTestId('confirm-dialog-cancel').click();
    await page.getByTestId('gate-pass-form-containerNumber').fill(byHand);
    await expect.poll(() => page.getByTestId('gate-pass-form-check-digit').count()).toBe(0);
    await page.getByTestId('gate-pass-form-save').click();
    await page.getByTestId('gate-pass-form').waitFor({ state: 'detached' });
    const handRow = page.getByTestId('gate-passes-table-row').filter({ hasText: byHand });
    await handRow.getByText('Open').waitFor();
    await handRow.getByText('Blue Ocean Traders').waitFor();
    await handRow.getByText('2099-12-31').waitFor();
    // A second open pass for the same container is the server's refusal, on the number.
    await page.getByTestId('gate-passes-add').click();
    await page.getByTestId('gate-pass-form-containerNumber').fill(byHand);
    await page.getByTestId('gate-pass-form-save').click();
    await page.getByText(messages.gatePassOpenExists(byHand)).waitFor();
    await page.getByTestId('gate-pass-form-cancel').click();

    // By sheet: a refused row saves nothing and says why; the corrected sheet saves both.
    const sheet = (rows: string[]) => ({
      name: 'passes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['Container Number,Date,BOE Number,Valid Till', ...rows].join('\n')),
    });
    await page.getByTestId('gate-passes-upload-file').setInputFiles(sheet([`${sheetA},25-11-2026,B-1,`, 'XX12,,,']));
    await page.getByTestId('upload-results').getByText('Refused').waitFor();
    await page.getByTestId('upload-results').getByText(messages.gatePassNumberFormat).waitFor();
    await screenshot(page, 'smart-gate-ops-10-upload-refused');
    await page.getByTestId('upload-results-close').click();
    await page
      .getByTestId('gate-passes-upload-file')
      .setInputFiles(sheet([`${sheetA},25-11-2026,B-1,`, `${sheetB},2026-11-24,B-2,31-12-2099`]));
    await page.getByTestId('upload-results-summary').getByText(messages.uploadSaved(2)).waitFor();
    await page.getByTestId('upload-results-close').click();
    await page.getByTestId('gate-passes-table-row').filter({ hasText: sheetB }).getByText('2099-12-31').waitFor();
    await screenshot(page, 'smart-gate-ops-11-gate-passes');

    // Edit and delete by hand (a pass deleted asks first).
    const rowOf = (number: string) => page.getByTestId('gate-passes-table-row').filter({ hasText: number });
    await rowOf(sheetA).getByRole('checkbox').check();
    await page.getByTestId('gate-passes-edit').click();
    await page.getByTestId('gate-pass-form-remarks').fill('Sheet of 24 Nov');
    await page.getByTestId('gate-pass-form-save').click();
    await rowOf(sheetA).getByText('Sheet of 24 Nov').waitFor();
    const spare = inYard[9]!;
    // Another write (through the API, not this page) shows without Reload: the `gate-passes` topic.
    await passFor(spare);
    await rowOf(spare).getByRole('checkbox').check();
    await page.getByTestId('gate-passes-delete').click();
    await page.getByTestId('confirm-dialog-ok').click();
    await rowOf(spare).waitFor({ state: 'detached' });

    // Verified on /igateout: the number typed, Alt+V.
    await page.getByTestId('gate-passes-back').click();
    await page.waitForURL(/\/igateout$/);
    for (const [number, boe] of [
      [byHand, 'BOE-77'],
      [sheetB, 'B-2'],
    ] as const) {
      await page.getByTestId('igate-field-containerNumber').fill(number);
      await page.keyboard.press('Alt+V');
      await page.getByTestId('igate-pass-valid').getByText(`Gate pass of ${number} verified (BOE ${boe})`).waitFor();
    }
    await screenshot(page, 'smart-gate-ops-12-verified');
    await page.getByTestId('igate-field-containerNumber').fill(spare);
    await page.keyboard.press('Alt+V');
    await page.getByTestId('igate-pass-none').waitFor();
  }, 300_000);

  it('the gates set for a user on /users are the gates that user sees on /igate and /igateout', async () => {
    const username = uniqueName('gates');
    const created = await createUser(server.baseUrl, token, { username, password, role });
    const gates = await api.gates.list();
    const inGates = gates.filter((gate) => gate.type === 'IN');
    expect(inGates.length).toBeGreaterThanOrEqual(2);
    const chosenIn = inGates[inGates.length - 1]!;
    const out = gates.find((gate) => gate.id === outGate)!;

    const admin = await newPage();
    await loginThroughPage(admin, server.baseUrl, 'admin', 'demo');
    await admin.goto(`${server.baseUrl}/users`);
    const row = admin.getByTestId('users-table-row').filter({ hasText: username });
    await row.getByRole('checkbox').check();
    await admin.getByTestId('users-gates').click();
    await admin.getByTestId('user-gates-form').waitFor();
    await admin.getByTestId('user-gates-select').click();
    await admin.getByRole('option', { name: `${chosenIn.name} (IN)` }).click();
    await admin.getByRole('option', { name: `${out.name} (OUT)` }).click();
    await admin.getByTestId('user-gates-first').getByText(`${chosenIn.name} (IN)`).waitFor();
    await screenshot(admin, 'smart-gate-ops-13-user-gates');
    // Away from the open list (Esc would close the dialog as well).
    await admin.getByRole('dialog').getByText(`Gates of ${username}`).click();
    await admin.getByTestId('user-gates-form-save').click();
    await admin.getByText(messages.userGatesSaved).waitFor();
    const saved = await api.smartGate.userGates({ params: { id: created.id } });
    expect(saved.gates.map((gate) => gate.gateId)).toEqual([chosenIn.id, out.id]);

    const user = await newPage();
    await loginThroughPage(user, server.baseUrl, username, password);
    await user.goto(`${server.baseUrl}/igate`);
    const picker = user.getByTestId('igate-gate-picker');
    await expect.poll(() => picker.locator('option').allInnerTexts()).toEqual([chosenIn.name]);
    await screenshot(user, 'smart-gate-ops-14-igate-own-gates');
    await user.goto(`${server.baseUrl}/igateout`);
    await expect
      .poll(() => user.getByTestId('igate-gate-picker').locator('option').allInnerTexts())
      .toEqual([out.name]);
  }, 180_000);
});
