import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, withCheckDigit } from '@openyard/contracts';
import { apiClient, loginToken, uniqueName, type ApiClient } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

// The survey mail's presets (spec 1 §3 metadata surveyPreConfiguredEmailRecipients / …Body); no
// SMTP server is configured, so the mails land in DATA_DIR/outbox as .eml files.
const PRESET_RECIPIENTS = 'surveys@line.example';
const PRESET_BODY = 'Please find the container survey below.';

describe('CHA vehicles and survey mails (issue 20)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ SURVEY_EMAIL_RECIPIENTS: PRESET_RECIPIENTS, SURVEY_EMAIL_BODY: PRESET_BODY }),
      launchBrowser(),
    ]);
    api = apiClient(server.baseUrl, await loginToken(server.baseUrl, 'superadmin', 'demo'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail')
      await screenshot(page, `cha-failed-${task.name.slice(0, 30).replace(/\W+/g, '-')}`).catch(() => undefined);
    await context.close();
  });

  const figure = (type: string, name: string) => page.getByTestId(`cha-${type}-${name}`);
  const setFigure = async (type: string, name: string, value: number) => {
    await figure(type, name).fill(String(value));
    await figure(type, name).blur();
  };

  it('searches agents, keeps the counts consistent, saves the allocation and the contacts with the spec’s messages', async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'CHA Vehicles' }).click();
    await page.waitForURL(`${server.baseUrl}/cha-vehicles`);
    const rows = page.getByTestId('cha-agents-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(4);
    await page.getByTestId('cha-no-agent').waitFor();

    await page.getByTestId('cha-search').fill('coastal');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByRole('checkbox').check();
    await page.getByTestId('cha-agent-name').getByText('Coastal Customs Brokers').waitFor();
    await page.getByTestId('cha-allocation-date').waitFor();
    expect(await figure('Import', 'allowedCount').inputValue()).toBe('6');

    // Spec 1 §5: more 20 ft than the allowed count leaves raises the allowed count; a lower allowed
    // count takes the difference off the 40 ft figure first.
    await setFigure('Import', 'allowed20', 5);
    expect(await figure('Import', 'allowedCount').inputValue()).toBe('8');
    await setFigure('Import', 'allowedCount', 6);
    expect([
      await figure('Import', 'allowed20').inputValue(),
      await figure('Import', 'allowed40').inputValue(),
    ]).toEqual(['5', '1']);
    // The field shows the chosen equipments as pills; it opens its list on focus and typing.
    await page.getByTestId('cha-equipments').focus();
    await page.keyboard.type('Fork');
    await page.getByRole('option', { name: 'Forklift' }).click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'cha-vehicles-editing');

    await page.getByTestId('cha-allocation-save').click();
    await page.getByText(messages.chaAllocationSaved).first().waitFor();
    const agent = (await api.cha.search({ query: { query: 'Coastal' } }))[0]!;
    const saved = (await api.cha.allocation({ params: { id: agent.id } }))!;
    expect(saved.allowedDeliveries.Import).toMatchObject({ allowedCount: 6, allowed20: 5, allowed40: 1 });
    expect(saved.equipments.map((equipment) => equipment.name).sort()).toEqual(['Forklift', 'Hydra Crane']);

    // The server refusing a save shows the spec's failure words over its own (spec 1 §8). The
    // refusal is made by answering the next save in the browser's network layer: the product has no
    // way to make a well-formed save fail on demand.
    await page.route('**/rest/enterprise/cha/*/allocation/*', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 409, error: 'Conflict', message: messages.chaAllocationNotFound }),
      }),
    );
    await setFigure('Loaded Delivery', 'allowedCount', 11);
    await page.getByTestId('cha-allocation-save').click();
    await page.getByText(messages.chaSaveFailed).first().waitFor();
    await page.getByText(messages.chaAllocationNotFound).first().waitFor();
    await screenshot(page, 'cha-vehicles-save-failed');
    await page.unroute('**/rest/enterprise/cha/*/allocation/*');

    // Contacts are saved on their own.
    const contacts = page.getByTestId('cha-contacts');
    await contacts.fill('desk@coastal.example');
    await contacts.press('Enter');
    await page.getByTestId('cha-contacts-save').click();
    await page.getByText(messages.chaContactsSaved).first().waitFor();
    expect((await api.cha.agent({ params: { id: agent.id } })).contacts).toContain('desk@coastal.example');
  });

  it('adds an agent, allocates it one vehicle, and the trailer gate-in asks the Gate Count Alert for the second', async () => {
    const name = uniqueName('E2E Agent ');
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.goto(`${server.baseUrl}/cha-vehicles`);
    await page.getByTestId('cha-add-agent').click();
    await page.getByTestId('cha-agent-form-name').fill(name);
    await page.getByTestId('cha-agent-form-registrationNumber').fill(uniqueName('E2E-'));
    await page.getByTestId('cha-agent-form-save').click();
    await page.getByText(messages.chaAgentAdded).first().waitFor();
    await page.getByTestId('cha-agent-name').getByText(name).waitFor();
    await page.getByTestId('cha-allocation-none').waitFor();
    await setFigure('Loaded Delivery', 'allowedCount', 1);
    await page.getByTestId('cha-allocation-save').click();
    await page.getByText(messages.chaAllocationSaved).first().waitFor();
    await page.getByTestId('cha-allocation-date').waitFor();

    const gate = (await api.gates.list()).find((candidate) => candidate.type === 'IN')!;
    await page.goto(`${server.baseUrl}/gate`);
    await page.getByTestId('gate-picker').selectOption(String(gate.id));
    await page.getByTestId('gate-tab-trailer').click();
    const truck = async (trailerTag: string, trailerNumber: string) => {
      await page.getByTestId('gate-trailer-gateInType').selectOption('Loaded Delivery');
      await page.getByTestId('gate-trailer-chaId').selectOption({ label: name });
      await page.getByTestId('gate-tag-vehicle-trailer').fill(trailerTag);
      await page.getByTestId('gate-trailer-trailerNumber').fill(trailerNumber);
      await page.getByTestId('gate-trailer-submit').click();
    };
    await truck('71000001', 'MH04-CH-0001');
    await page.getByTestId('gate-trailer-status-success').getByText(messages.vehicleGateInSuccessful).waitFor();

    await truck('71000002', 'MH04-CH-0002');
    await page.getByTestId('gate-trailer-cha-count').getByText('1 of 1 vehicles gated in').waitFor();
    const alert = page.getByRole('dialog', { name: messages.gateCountAlertTitle });
    await alert.getByText(messages.gateCountAlert('Loaded Delivery', name)).waitFor();
    await screenshot(page, 'cha-gate-count-alert');
    await page.getByTestId('confirm-dialog-ok').click();
    await page.getByTestId('gate-trailer-status-success').getByText(messages.vehicleGateInSuccessful).waitFor();
    const agent = (await api.cha.search({ query: { query: name } }))[0]!;
    const allocation = (await api.cha.allocation({ params: { id: agent.id } }))!;
    expect(allocation.allowedDeliveries['Loaded Delivery']!.gatedInCount).toBe(2);
  });

  it('mails the surveys of the selected containers from the containers screen, into DATA_DIR/outbox', async () => {
    const number = withCheckDigit(`SVYU${String(Date.now() % 1_000_000).padStart(6, '0')}`);
    const container = (
      await api.containers.save({ body: { containerNumber: number, sizeName: '20', process: 'Import' } })
    ).container!;
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.goto(`${server.baseUrl}/containers`);
    const yardTable = page.getByTestId('containers-table-yard');
    await yardTable.getByTestId('containers-table-yard-row').first().waitFor();
    const search = page.getByTestId('containers-yard-search-text');
    await search.fill(number);
    await search.press('Enter');
    const row = yardTable.getByTestId('containers-table-yard-row').filter({ hasText: number });
    await row.getByRole('checkbox').check();
    await page.getByTestId('containers-yard-survey-mail').click();

    const dialog = page.getByRole('dialog', { name: 'Survey mail' });
    await dialog.waitFor();
    expect(await page.getByTestId(`survey-mail-survey-${container.id}`).isChecked()).toBe(true);
    expect(await page.getByTestId('survey-mail-recipients').inputValue()).toBe(PRESET_RECIPIENTS);
    expect(await page.getByTestId('survey-mail-body').inputValue()).toBe(PRESET_BODY);

    // Spec 1 §5: each recipient must look like an address.
    await page.getByTestId('survey-mail-recipients').fill(`${PRESET_RECIPIENTS}, not-an-address`);
    await page.getByTestId('survey-mail-save').click();
    await dialog.getByText(messages.surveyRecipientInvalid('not-an-address')).waitFor();
    await page.getByTestId('survey-mail-recipients').fill(`${PRESET_RECIPIENTS}, ops@agent.example`);
    await screenshot(page, 'survey-mail-dialog');
    await page.getByTestId('survey-mail-save').click();
    await page.getByText(messages.surveyMailSent(2)).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const outbox = join(server.dataDir, 'outbox');
    const files = (await readdir(outbox)).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = (await readFile(join(outbox, files[0]!), 'utf8')).replace(/=\r?\n/g, '');
    expect(eml).toMatch(new RegExp(`^Subject: Container survey: ${number}$`, 'm'));
    expect(eml).toMatch(/^To: surveys@line\.example, ops@agent\.example$/m);
    expect(eml).toContain(PRESET_BODY);
    expect(eml).toContain(`Container: ${number}; Size: 20`);
  });
});
