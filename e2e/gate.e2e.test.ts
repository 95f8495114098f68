import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fillPath, messages, routes, withCheckDigit } from '@openyard/contracts';
import { randomScene, renderContainerFrame } from '@openyard/simulator/frames';
import { apiClient, loginToken, type ApiClient } from './support/api';
import { demoReaders } from './support/demoDevices';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { connectReader, type MqttReader } from './support/mqttReader';
import { screenshot } from './support/screenshot';
import { freePort, startServer, type RunningServer } from './support/startServer';

// The gate clerk's screen (issue 15): tags published by simulated readers over the real broker
// fill the form live; a two-20-ft offloading whose boxes appear on /inventory in a second browser
// without a reload, then leave it by dispatch; a trailer gate-in; a retag; a keyboard-only gate-in.
describe('gate screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let api: ApiClient;
  let mqttPort: number;
  let gateId: number;
  let containerReader: MqttReader;
  let trailerReader: MqttReader;
  const contexts: BrowserContext[] = [];
  let serial = Number(String(Date.now()).slice(-5));
  // Tags and numbers of their own: 8 digits, and valid ISO 6346 numbers.
  const tag = () => String(40_000_000 + (serial += 1));
  const containerNumber = () => withCheckDigit(`OYEU${String((serial += 1) % 1_000_000).padStart(6, '0')}`);
  let freeSlots: string[] = [];

  beforeAll(async () => {
    mqttPort = await freePort();
    [server, browser] = await Promise.all([startServer({ MQTT_PORT: String(mqttPort) }), launchBrowser()]);
    api = apiClient(server.baseUrl, await loginToken(server.baseUrl, 'superadmin', 'demo'));
    const readers = await demoReaders(server.dataDir);
    const gates = await api.gates.list();
    const gate = gates.find((candidate) => candidate.type === 'IN' && candidate.readers.length >= 2)!;
    gateId = gate.id;
    // The gate's second reader reads trailer tags.
    const [first, second] = gate.readers;
    await api.gates.updateReader({
      params: { id: second!.id },
      body: { name: second!.name, readerType: 'TRAILER', ip: second!.ip, gate: { id: gate.id } },
    });
    const login = (id: number) => readers.find((reader) => reader.id === id)!;
    containerReader = await connectReader(mqttPort, login(first!.id));
    trailerReader = await connectReader(mqttPort, login(second!.id));

    // Slots on top of 20-ft stacks of area C with room left, one per stack, for the boxes to land
    // where /inventory shows them (the demo yard has no free ground slot).
    const [layout, grid] = await Promise.all([api.yard.layout(), api.inventory.grid()]);
    const areaC = layout.areaLayouts.find((area) => area.name === 'C')!;
    const stacks = new Map<string, { top: number; twenty: boolean }>();
    grid.areaIds.forEach((areaId, i) => {
      if (areaId !== areaC.areaId) return;
      const key = `${grid.rowIndexes[i]}_${grid.columnIndexes[i]}`;
      const stack = stacks.get(key) ?? { top: 0, twenty: true };
      stacks.set(key, { top: Math.max(stack.top, grid.tiers[i]!), twenty: stack.twenty && grid.sizes[i] === 20 });
    });
    for (const row of areaC.rowLayouts)
      for (const cell of row.cellLayouts) {
        const stack = stacks.get(`${row.index}_${cell.columnIndex}`) ?? { top: 0, twenty: true };
        if (stack.twenty && stack.top < areaC.maxHeight)
          freeSlots.push(`C_${row.index}_${cell.columnIndex}_${stack.top + 1}`);
      }
    freeSlots = freeSlots.slice(0, 8);
  });
  afterAll(async () => {
    await Promise.all([containerReader?.close(), trailerReader?.close()]);
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.stop();
  });

  let lastPage: Page | null = null;
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && lastPage)
      await screenshot(lastPage, `gate-failed-${task.name.slice(0, 30).replace(/\W+/g, '-')}`).catch(() => undefined);
  });

  const newPage = async () => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    lastPage = page;
    return page;
  };
  const markDocument = (page: Page) =>
    page.evaluate(() => {
      (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument = true;
    });
  const sameDocument = (page: Page) =>
    page.evaluate(() => (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument === true);

  const openGate = async () => {
    const page = await newPage();
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Gate', exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/gate`);
    await page.getByTestId('gate-picker').selectOption(String(gateId));
    await page.locator('[data-testid="live-status"][data-status="open"]').waitFor();
    await page.getByTestId('gate-shortcuts').waitFor();
    // The picker's answers land before the reads of this test are published.
    await page.waitForTimeout(500);
    await markDocument(page);
    return page;
  };
  const openInventory = async () => {
    const page = await newPage();
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Inventory' }).click();
    await page.waitForURL(`${server.baseUrl}/inventory`);
    await page.locator('[data-testid="live-status"][data-status="open"]').waitFor();
    await page
      .getByTestId('inventory-total-occupancy')
      .filter({ hasNotText: /\b0 boxes\b/ })
      .waitFor();
    await markDocument(page);
    return page;
  };
  const value = (page: Page, testId: string) => page.getByTestId(testId).inputValue();
  const waitForValue = (page: Page, testId: string, expected: string) =>
    expect.poll(() => value(page, testId), { timeout: 10_000 }).toBe(expected);
  const focused = (page: Page) => page.evaluate<string | null>('document.activeElement?.getAttribute("data-testid")');
  const occupancy = (page: Page) => page.getByTestId('inventory-total-occupancy').innerText();

  const numbers: string[] = [];

  it('offloads two 20-ft boxes with tags from the readers, prints the tasks, and /inventory shows them live', async () => {
    const inventory = await openInventory();
    const before = await occupancy(inventory);
    const page = await openGate();
    await page.getByTestId('gate-tab-double').click();

    // The form checks the spec's rules before sending anything.
    await page.getByTestId('gate-in-submit').click();
    await page.getByTestId('gate-in-status-error').getByText(messages.gateInInsufficientData).waitFor();

    const [tag1, tag2, trailerTag] = [tag(), tag(), tag()];
    await containerReader.tagRead(tag1);
    await waitForValue(page, 'gate-tag-container1', tag1);
    await containerReader.tagRead(tag2);
    await waitForValue(page, 'gate-tag-container2', tag2);
    await trailerReader.tagRead(trailerTag);
    await waitForValue(page, 'gate-tag-trailer', trailerTag);

    const [number1, number2] = [containerNumber(), containerNumber()];
    numbers.push(number1, number2);
    const [slot1, slot2] = freeSlots;
    for (const [index, number, slot] of [
      [1, number1, slot1],
      [2, number2, slot2],
    ] as const) {
      await page.getByTestId(`gate-c${index}-containerNumber`).fill(number);
      await page.getByTestId(`gate-c${index}-gateInPurpose`).selectOption('Import');
      await page.getByTestId(`gate-c${index}-containerSize`).selectOption('20');
      await page.getByTestId(`gate-c${index}-containerLocation`).fill(slot!);
    }
    await page.getByTestId('gate-trailer-number').fill('MH04-GT-0001');
    // The same tag twice is refused in the form.
    await page.getByTestId('gate-tag-container2').fill(tag1);
    await page.getByTestId('gate-in-submit').click();
    await page.getByTestId('gate-in-status-error').getByText(messages.gateSameTags).waitFor();
    // The focus goes to the field the rule is about.
    expect(await focused(page)).toBe('gate-tag-container2');
    await page.getByTestId('gate-tag-container2').fill(tag2);
    await screenshot(page, 'gate-double-filled');

    // Enter submits; planning is on in the demo, so planning's tasks are generated and kept.
    await page.getByTestId('gate-trailer-number').press('Enter');
    await page.getByTestId('gate-in-status-success').getByText(messages.gateInSuccessful).waitFor();
    await page.getByTestId('gate-task-row').first().waitFor();
    expect(await page.getByTestId('gate-task-row').count()).toBeGreaterThanOrEqual(2);
    expect(await value(page, 'gate-c1-containerNumber')).toBe('');
    // The truck is inside, with its time ticking.
    await page.getByTestId('gate-truck-row').filter({ hasText: 'MH04-GT-0001' }).waitFor();

    // The slip has each gated-in container's status link as a QR code (issue 21), which opens the
    // container's public status without a login.
    await expect.poll(() => page.getByTestId('gate-status-link-qr').count()).toBe(2);
    const qrLink = await page
      .locator('[data-testid="gate-status-link"]', { hasText: number1 })
      .getByTestId('gate-status-link-qr')
      .getAttribute('data-value');
    expect(qrLink).toMatch(new RegExp(`^${server.baseUrl}/track/[A-Za-z0-9_-]{22}$`));
    const tracked = await apiClient(server.baseUrl).kiosk.track({ params: { token: qrLink!.split('/').pop()! } });
    expect(tracked).toMatchObject({ containerNumber: number1, status: 'In yard' });

    // The printout: only the tasks sheet.
    await page.evaluate('window.print = () => { globalThis.e2ePrinted = true; }');
    await page.getByTestId('gate-tasks-print').click();
    expect(await page.evaluate(() => (globalThis as { e2ePrinted?: boolean }).e2ePrinted)).toBe(true);
    await screenshot(page, 'gate-double-success');
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'gate-tasks-print');
    await page.emulateMedia({ media: 'screen' });

    // The second browser saw the two boxes arrive, without a reload.
    await expect.poll(() => occupancy(inventory), { timeout: 15_000 }).not.toBe(before);
    await inventory.getByTestId('inventory-search').fill(number1);
    await inventory.getByTestId('inventory-search').press('Enter');
    await screenshot(inventory, 'gate-inventory-after-gate-in');
    expect(await sameDocument(inventory)).toBe(true);
    expect(await sameDocument(page)).toBe(true);
    const grid = await api.inventory.grid();
    expect(grid.numbers).toEqual(expect.arrayContaining([number1, number2]));
  });

  it('gates in a trailer with its tag from the trailer reader', async () => {
    const page = await openGate();
    await page.getByTestId('gate-tab-trailer').click();
    await page.getByTestId('gate-trailer-submit').click();
    await page.getByTestId('gate-trailer-status-error').getByText(messages.vehiclePurposeRequired).waitFor();
    expect(await focused(page)).toBe('gate-trailer-gateInType');

    const trailerTag = tag();
    await trailerReader.tagRead(trailerTag);
    await waitForValue(page, 'gate-tag-vehicle-trailer', trailerTag);
    await page.getByTestId('gate-trailer-gateInType').selectOption('Empty Delivery');
    await page.getByTestId('gate-trailer-trailerType').selectOption('Pickup');
    await page.getByTestId('gate-trailer-trailerNumber').fill('MH04-TT-0002');
    await page.getByTestId('gate-trailer-submit').click();
    await page.getByTestId('gate-trailer-status-success').getByText(messages.vehicleGateInSuccessful).waitFor();
    await page.getByTestId('gate-truck-row').filter({ hasText: 'MH04-TT-0002' }).waitFor();
    await screenshot(page, 'gate-trailer-gate-in');
  });

  it('retags a container with the new tag from the container reader', async () => {
    const page = await openGate();
    await page.getByTestId('gate-tab-yard').click();
    await page.getByTestId('gate-tab-retag').click();
    await page.getByTestId('gate-retag-submit').click();
    await page.getByTestId('gate-retag-status-error').getByText(messages.retagNumberRequired).waitFor();

    await page.getByTestId('gate-retag-containerNumber').fill(numbers[0]!);
    await page.getByTestId('gate-retag-containerNumber').press('Tab');
    await expect.poll(() => value(page, 'gate-retag-oldTag')).not.toBe('');
    const newTag = tag();
    await containerReader.tagRead(newTag);
    await waitForValue(page, 'gate-tag-retag-new', newTag);
    await page.getByTestId('gate-retag-submit').click();
    await page.getByTestId('gate-retag-status-success').getByText(messages.retagSuccessful).waitFor();
    await screenshot(page, 'gate-retag');
    // Success resets the form after 2 s.
    await waitForValue(page, 'gate-retag-containerNumber', '');
  });

  it('dispatches the boxes, and /inventory sees them leave', async () => {
    const inventory = await openInventory();
    const before = await occupancy(inventory);
    const page = await openGate();
    await page.getByTestId('gate-tab-yard').click();
    await page.getByTestId('gate-tab-dispatch').click();
    await page.getByTestId('gate-dispatch-containerNumber').fill('SHORT');
    await page.getByTestId('gate-dispatch-submit').click();
    await page.getByTestId('gate-dispatch-status-error').getByText(messages.dispatchNumberInvalid).waitFor();
    for (const number of numbers) {
      await page.getByTestId('gate-dispatch-containerNumber').fill(number);
      await page.getByTestId('gate-dispatch-exitProcess').selectOption('Delivery');
      await page.getByTestId('gate-dispatch-containerNumber').press('Enter');
      await page.getByTestId('gate-dispatch-status-success').getByText(messages.dispatchSuccessful).waitFor();
      if (number === numbers[0]) await screenshot(page, 'gate-dispatch');
      // Success resets the form after 1 s.
      await waitForValue(page, 'gate-dispatch-containerNumber', '');
    }
    await expect.poll(() => occupancy(inventory), { timeout: 15_000 }).not.toBe(before);
    expect(await sameDocument(inventory)).toBe(true);
    const grid = await api.inventory.grid();
    for (const number of numbers) expect(grid.numbers).not.toContain(number);
  });

  it('takes a single gate-in from the keyboard alone', async () => {
    const page = await openGate();
    // The screen opens on the first container's tag.
    await expect.poll(() => focused(page)).toBe('gate-tag-container1');
    const [containerTag, trailerTag, number] = [tag(), tag(), containerNumber()];
    // A read may have filled it already: the clerk types over it.
    await page.keyboard.press('Control+A');
    await page.keyboard.type(containerTag);
    await page.keyboard.press('Tab');
    await page.keyboard.type(number);
    await page.keyboard.press('Tab');
    // Native selects take the first option that starts with the typed letters.
    await page.keyboard.type('Imp');
    await page.keyboard.press('Tab');
    await page.keyboard.type('20');
    await page.keyboard.press('Tab'); // type
    await page.keyboard.press('Tab'); // IGM
    await page.keyboard.press('Tab'); // item
    await page.keyboard.press('Tab'); // location
    await page.keyboard.type(freeSlots[2]!);
    // On to the trailer section: its header button, then its fields.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('gate-tag-trailer');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(trailerTag);
    await page.keyboard.press('Tab');
    await page.keyboard.type('MH04-KB-0003');
    await screenshot(page, 'gate-keyboard-filled');
    await page.keyboard.press('Alt+S');
    await page.getByTestId('gate-in-status-success').getByText(messages.gateInSuccessful).waitFor();
    // Focus is back on the first field, ready for the next truck.
    await expect.poll(() => focused(page)).toBe('gate-tag-container1');
    // Alt+2 / Alt+1 switch the top tabs; Alt+R resets the form.
    await page.keyboard.type('12345678');
    await page.keyboard.press('Alt+2');
    await page.getByText(messages.gateInTypeSwitchConfirm).waitFor();
    await page.keyboard.press('Escape');
    await page.getByText(messages.gateInTypeSwitchConfirm).waitFor({ state: 'detached' });
    expect(await page.getByTestId('gate-tab-offloading').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('gate-tag-container1').focus();
    await page.keyboard.press('Alt+R');
    await waitForValue(page, 'gate-tag-container1', '');
    await page.keyboard.press('Alt+2');
    await expect.poll(() => page.getByTestId('gate-tab-trailer').getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'gate-keyboard-done');
  });

  it('shows each camera’s latest frame live, zooms it, keeps a drawn box and fills the first container by OCR', async () => {
    const page = await openGate();
    await page.getByTestId('gate-camera-Front-none').waitFor();
    // The gate's camera uploads a frame with its own device login, as a camera without MQTT does.
    const file = JSON.parse(await readFile(join(server.dataDir, 'demo-devices.json'), 'utf8')) as {
      cameras: { gateId: number; username: string; password: string }[];
    };
    const camera = file.cameras.find((entry) => entry.gateId === gateId)!;
    // A door end with its number painted across, drawn the same way every run.
    let seed = 20_261_125;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const scene = { ...randomScene(random, 'door'), orientation: 'horizontal' as const, sizeType: '22G1' };
    const jpeg = await renderContainerFrame(scene, random);
    const path = fillPath(routes.cameras.uploadFrame.path, { gateId, camera: 'Front' });
    const upload = await fetch(`${server.baseUrl}${path}?messageId=e2e-front-${Date.now()}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${camera.username}:${camera.password}`).toString('base64')}`,
        'content-type': 'image/jpeg',
      },
      body: new Uint8Array(jpeg),
    });
    expect(upload.status).toBe(200);

    // OCR reads it in the workers; the stored frame reaches the open screen over the live topic.
    await page.getByTestId('gate-camera-Front-image').waitFor({ timeout: 90_000 });
    expect(await sameDocument(page)).toBe(true);

    // A box drawn with the mouse is kept with the frame on the server.
    await page.getByTestId('gate-camera-Front-annotate').click();
    const frame = (await page.getByTestId('gate-camera-Front-frame').boundingBox())!;
    await page.mouse.move(frame.x + frame.width * 0.2, frame.y + frame.height * 0.3);
    await page.mouse.down();
    await page.mouse.move(frame.x + frame.width * 0.5, frame.y + frame.height * 0.6, { steps: 5 });
    await page.mouse.up();
    await page.getByTestId('gate-camera-Front-box').waitFor();
    const feed = await api.ocr.latestFrames({ query: { gateId } });
    expect(feed.frames.find((shown) => shown.camera === 'Front')?.annotation?.boxes).toHaveLength(1);
    await page.getByTestId('gate-camera-Front-annotate').click();
    await screenshot(page, 'gate-video-feed');

    // Zoom: enlarged in a dialog, the wheel zooms, Esc closes.
    await page.getByTestId('gate-camera-Front-zoom').click();
    const zoomed = page.getByTestId('gate-camera-Front-zoomed');
    await zoomed.waitFor();
    await zoomed.hover();
    await page.mouse.wheel(0, -300);
    await screenshot(page, 'gate-video-zoom');
    await page.keyboard.press('Escape');
    await zoomed.waitFor({ state: 'detached' });

    // OCR of the frame fills number, size and type of the first container.
    const read = (await api.ocr.capture({ query: { gateId, camera: 'Front' } })).responseMap;
    await page.getByTestId('gate-camera-Front-ocr').click();
    await waitForValue(page, 'gate-c1-containerNumber', read.containerNumber);
    await waitForValue(page, 'gate-c1-containerSize', read.containerSize);
    // The engine reads this frame's number (the OCR engine's own tests cover its accuracy).
    expect(read.containerNumber).toBe(scene.containerNumber);
    await screenshot(page, 'gate-video-ocr');
  });

  it('asks before a number with a wrong check digit, retries with validation skipped, and a double click gates in once', async () => {
    const page = await openGate();
    const good = containerNumber();
    const wrong = `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`;
    await page.getByTestId('gate-tag-container1').fill(tag());
    await page.getByTestId('gate-c1-containerNumber').fill(wrong);
    await page.getByTestId('gate-c1-gateInPurpose').selectOption('Import');
    await page.getByTestId('gate-c1-containerSize').selectOption('20');
    await page.getByTestId('gate-c1-containerLocation').fill(freeSlots[3]!);
    await page.getByTestId('gate-tag-trailer').fill(tag());
    await page.getByTestId('gate-trailer-number').fill('MH04-CD-0004');
    await page.getByTestId('gate-in-submit').dblclick();
    await page.getByTestId('confirm-dialog-ok').waitFor();
    await screenshot(page, 'gate-invalid-number-confirm');
    await page.getByTestId('confirm-dialog-ok').click();
    await page.getByTestId('gate-in-status-success').getByText(messages.gateInSuccessful).waitFor();
    const trucks = await api.gateOperations.trucksInside({ query: { gateId } });
    expect(trucks.visits.filter((visit) => visit.trailerNumber === 'MH04-CD-0004')).toHaveLength(1);
    expect((await api.inventory.grid()).numbers.filter((number) => number === wrong)).toHaveLength(1);
  });

  it('generates the export-out task of a container leaving on the same truck', async () => {
    const page = await openGate();
    const grid = await api.inventory.grid();
    const out = grid.numbers.find((number, i) => number && grid.sizes[i] === 20 && !numbers.includes(number))!;
    await page.getByTestId('gate-tag-container1').fill(tag());
    await page.getByTestId('gate-c1-containerNumber').fill(containerNumber());
    await page.getByTestId('gate-c1-gateInPurpose').selectOption('Import');
    await page.getByTestId('gate-c1-containerSize').selectOption('20');
    await page.getByTestId('gate-c1-containerLocation').fill(freeSlots[4]!);
    await page.getByTestId('gate-tag-trailer').fill(tag());
    await page.getByTestId('gate-trailer-number').fill('MH04-EX-0005');
    await page.getByTestId('gate-out-add').click();
    await page.getByTestId('gate-out1-number').fill(out);
    await page.getByTestId('gate-in-submit').click();
    await page.getByTestId('gate-in-status-error').getByText(messages.gateExportTaskIncomplete).waitFor();
    // Export Loading allows one delivery mode (spec 3 §5): it is chosen with the type.
    await page.getByTestId('gate-out1-taskType').selectOption('Export Loading');
    expect(await page.getByTestId('gate-out1-deliveryMode').inputValue()).toBe('Export Out');
    // Planning is on in the demo: the out-container needs its activity group and activity.
    await page.getByTestId('gate-in-submit').click();
    await page.getByTestId('gate-in-status-error').getByText(messages.gatePlanningOutActivityRequired).waitFor();
    await page.getByTestId('gate-out1-activityGroup').selectOption({ index: 1 });
    await expect.poll(() => page.getByTestId('gate-out1-activity').locator('option').count()).toBeGreaterThan(1);
    await page.getByTestId('gate-out1-activity').selectOption({ index: 1 });
    await page.getByTestId('gate-in-submit').click();
    await page.getByTestId('gate-in-status-success').getByText(messages.gateInSuccessful).waitFor();
    await page.getByTestId('gate-task-row').filter({ hasText: 'Export Loading' }).filter({ hasText: out }).waitFor();
    await screenshot(page, 'gate-export-out-tasks');
  });

  it('sends a container out for scanning', async () => {
    const page = await openGate();
    const grid = await api.inventory.grid();
    const box = grid.numbers.filter((number) => number && !numbers.includes(number)).at(-1)!;
    await page.keyboard.press('Alt+3');
    await page.getByTestId('gate-tab-scanning').click();
    await page.getByTestId('gate-scanning-containerNumber').fill(box);
    await page.getByTestId('gate-scanning-containerNumber').press('Enter');
    await page.getByTestId('gate-scanning-status-success').getByText(messages.dispatchSuccessful).waitFor();
    await screenshot(page, 'gate-scanning');
    // An unknown container: the scanning failure text with the server's reason.
    await page.getByTestId('gate-scanning-containerNumber').fill(containerNumber());
    await page.getByTestId('gate-scanning-containerNumber').press('Enter');
    await page.getByTestId('gate-scanning-status-error').getByText(messages.scanningDispatchFailed).waitFor();
  });
});
