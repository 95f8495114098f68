import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Task } from '@openyard/contracts';
import { slotTarget } from '@openyard/simulator/machine-work';
import { apiClient, loginToken, refusalOf } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { connectMachine, demoMachineLogin, type MqttMachine } from './support/mqttMachine';
import { screenshot } from './support/screenshot';
import { freePort, startServer, type RunningServer } from './support/startServer';

const MACHINE = 'RS-01';

describe('tasks screen and machine terminal', () => {
  let server: RunningServer;
  let browser: Browser;
  let mqttPort: number;
  let token: string;
  let machine: MqttMachine;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mqttPort = await freePort();
    [server, browser] = await Promise.all([startServer({ MQTT_PORT: String(mqttPort) }), launchBrowser()]);
    token = await loginToken(server.baseUrl, 'superadmin', 'demo');
    const machines = await api().machines.list();
    const id = machines.find((candidate) => candidate.machineName === MACHINE)!.id;
    machine = await connectMachine(mqttPort, await demoMachineLogin(server.dataDir, id));
  });
  afterAll(async () => {
    await machine?.close();
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  const api = () => apiClient(server.baseUrl, token);

  const open = async (path: string, viewport = { width: 1500, height: 900 }, mobile = false) => {
    const context = await browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.goto(`${server.baseUrl}${path}`);
    await page.locator('[data-testid="live-status"][data-status="open"]').waitFor();
    // Marks this document: a reload would lose it.
    await page.evaluate(() => {
      (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument = true;
    });
    return page;
  };
  const sameDocument = (page: Page) =>
    page.evaluate(() => (globalThis as { e2eSameDocument?: boolean }).e2eSameDocument === true);
  const choose = async (page: Page, testId: string, option: string) => {
    await page.getByTestId(testId).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  // A 20 ft box on top of its stack and a free slot on another stack of the same area (where a
  // machine may take it), from the snapshot the inventory loads.
  const boxAndFreeSlot = async () => {
    const [layout, grid] = await Promise.all([api().yard.layout(), api().inventory.grid()]);
    const area = layout.areaLayouts.find((candidate) => candidate.name === 'C')!;
    const stacks = new Map<string, { height: number; top: { id: number; number: string; size: number } | null }>();
    for (const row of area.rowLayouts)
      for (const column of area.cellNames)
        if (!column.merged && !area.cellNames.some((other) => other.merged && other.index === column.index - 1))
          stacks.set(`${row.index}:${column.index}`, { height: 0, top: null });
    grid.containerIds.forEach((containerId, i) => {
      const stack = stacks.get(`${grid.rowIndexes[i]}:${grid.columnIndexes[i]}`);
      if (grid.areaIds[i] !== area.areaId || !stack || grid.planned[i]) return;
      if (grid.tiers[i]! > stack.height) {
        stack.height = grid.tiers[i]!;
        stack.top = { id: containerId, number: grid.numbers[i]!, size: grid.sizes[i]! };
      }
    });
    const slot = (key: string, tier: number) => {
      const [rowIndex, columnIndex] = key.split(':').map(Number) as [number, number];
      const row = area.rowLayouts.find((candidate) => candidate.index === rowIndex)!;
      const column = area.cellNames.find((candidate) => candidate.index === columnIndex)!;
      return `${area.name}_${row.name}_${column.name}_${area.heightNames[tier - 1]}`;
    };
    const entries = [...stacks.entries()];
    const [fromKey, from] = entries.find(([, stack]) => stack.top?.size === 20 && stack.height >= 1)!;
    const [toKey, to] = entries.find(([key, stack]) => key !== fromKey && stack.height < area.maxHeight - 1)!;
    return { layout, box: from.top!, from: slot(fromKey, from.height), target: slot(toKey, to.height + 1) };
  };

  it('adds a task on /tasks, shows it on the terminal, and a machine drop over MQTT completes it live', async () => {
    const { layout, box, from, target } = await boxAndFreeSlot();
    const boxPlace = await api().inventory.location({ params: { n: String(box.id) } });
    // The machine reports where it stands (beside the box): the nearest one with a known position.
    await machine.telemetry({ latitude: boxPlace.latitude!, longitude: boxPlace.longitude!, status: 'Working' });
    await expect
      .poll(
        async () =>
          (await api().machines.locations()).locations.find((place) => place.machineName === MACHINE)?.position,
      )
      .toBeTruthy();

    const tasksPage = await open('/tasks');
    await tasksPage.getByTestId('tasks-table').waitFor();
    await tasksPage.getByTestId('tasks-include-completed').click();

    // Add task, Container tab: the box found by its number fills the defaults (from its slot) and
    // the nearest machine (spec 3 §5).
    await tasksPage.getByTestId('tasks-add').click();
    await tasksPage.getByTestId('task-form-container').fill(box.number);
    await tasksPage.getByRole('option', { name: new RegExp(`^${box.number}`) }).click();
    await expect.poll(() => tasksPage.getByTestId('task-form-fromLocation').inputValue()).toBe(from);
    expect(await tasksPage.getByTestId('task-form-machine').inputValue()).toBe(MACHINE);
    expect(await tasksPage.getByTestId('task-form-save').isDisabled()).toBe(true);
    await choose(tasksPage, 'task-form-taskType', 'Others');
    await choose(tasksPage, 'task-form-toLocation', 'Slot');
    // Save waits for the six fields (spec 3 §5): the delivery mode is still open.
    expect(await tasksPage.getByTestId('task-form-save').isDisabled()).toBe(true);
    await choose(tasksPage, 'task-form-deliveryMode', 'Crane');
    // Slot needs its title: without it the save says so.
    await tasksPage.getByTestId('task-form-save').click();
    await tasksPage.getByTestId('task-form-error').getByText(messages.taskSlotTitleRequired).waitFor();
    await tasksPage.getByTestId('task-form-slotTitle').fill(target);
    await screenshot(tasksPage, 'tasks-add-container');
    await tasksPage.getByTestId('task-form-save').click();
    await tasksPage.getByTestId('task-form').waitFor({ state: 'detached' });
    const row = tasksPage.locator('[data-testid="tasks-table-row"]', { hasText: box.number });
    await row.waitFor();
    await row.getByText(target).waitFor();
    const [task] = (await api().tasks.page({ query: { searchText: box.number } })).tasks as [Task];
    expect(task).toMatchObject({
      assignedToMachine: MACHINE,
      fromLocation: from,
      toLocation: 'Slot',
      toLocationDetails: target,
    });

    // The same task again: the duplicate check on the fly, with the spec's message.
    await tasksPage.getByTestId('tasks-add').click();
    await tasksPage.getByTestId('task-form-container').fill(box.number);
    await tasksPage.getByRole('option', { name: new RegExp(`^${box.number}`) }).click();
    await expect.poll(() => tasksPage.getByTestId('task-form-fromLocation').inputValue()).toBe(from);
    await choose(tasksPage, 'task-form-taskType', 'Others');
    await choose(tasksPage, 'task-form-toLocation', 'Slot');
    await tasksPage.getByTestId('task-form-error').getByText(messages.taskDuplicate).waitFor();
    expect(await tasksPage.getByTestId('task-form-save').isDisabled()).toBe(true);
    await screenshot(tasksPage, 'tasks-add-duplicate');
    await tasksPage.getByTestId('task-form-cancel').click();

    // The driver's phone: the machine's queue with the slot to go to.
    const terminal = await open(`/terminal/${MACHINE}`, { width: 390, height: 844 }, true);
    const card = terminal.locator(`[data-testid="terminal-task"][data-task-id="${task.taskId}"]`);
    await card.getByTestId('terminal-task-target').getByText(target).waitFor();
    expect(await terminal.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    expect(
      await terminal.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
            .scrollWidth,
      ),
    ).toBeLessThanOrEqual(390);
    await card.getByTestId('terminal-start').click();
    await card.locator('[data-testid="task-status"][data-status="started"]').waitFor();
    await screenshot(terminal, 'tasks-terminal-phone');
    // The same terminal on a cab tablet, buttons side by side.
    await terminal.setViewportSize({ width: 1024, height: 768 });
    await screenshot(terminal, 'tasks-terminal-tablet');
    await terminal.setViewportSize({ width: 390, height: 844 });

    const inventory = await open('/inventory', { width: 1500, height: 900 });
    await inventory.locator('[data-testid="inventory-grid"] canvas#inventory-slots').waitFor();
    await inventory
      .getByTestId('inventory-total-occupancy')
      .filter({ hasNotText: /\b0 boxes\b/ })
      .waitFor();
    const searchInventory = async () => {
      await inventory.getByTestId('inventory-search').fill(box.number);
      await inventory.getByTestId('inventory-search').press('Enter');
      // The view jumps to what was found; give it a frame or two.
      await inventory.waitForTimeout(600);
      return inventory.getByTestId('inventory-selected').getAttribute('data-location');
    };
    expect(await searchInventory()).toBe(from);

    // The machine picks the box where it stands and drops it at the target slot, at its height: the
    // server's machine-event loop completes the task and moves the box.
    const drop = slotTarget(layout, target)!;
    await machine.event({
      kind: 'pick',
      containerNumber: box.number,
      latitude: boxPlace.latitude!,
      longitude: boxPlace.longitude!,
    });
    await machine.telemetry({ ...drop.point, status: 'Working' });
    await machine.event({ kind: 'drop', containerNumber: box.number, height: drop.height, ...drop.point });

    // /tasks, the terminal and /inventory follow without a reload.
    await row.locator('[data-testid="task-status"][data-status="completed"]').waitFor();
    await row.getByText(MACHINE).first().waitFor();
    await terminal
      .locator(`[data-testid="terminal-task"][data-task-id="${task.taskId}"]`)
      .waitFor({ state: 'detached' });
    await expect.poll(searchInventory, { timeout: 10_000, interval: 500 }).toBe(target);
    expect(await api().tasks.get({ params: { id: task.taskId } })).toMatchObject({
      status: 'completed',
      completedByMachine: MACHINE,
    });
    await screenshot(tasksPage, 'tasks-completed-by-drop');
    await screenshot(inventory, 'tasks-inventory-after-drop');
    for (const page of [tasksPage, terminal, inventory]) expect(await sameDocument(page)).toBe(true);
  });

  it('refuses to move tasks to the machine they are on (spec 3 §5 Move tasks)', async () => {
    const saved = await api().tasks.save({
      body: [
        {
          containerNumber: 'TGHU1234567',
          taskType: 'Others',
          deliveryMode: 'Crane',
          fromLocation: 'Trailer',
          toLocation: 'Export Zone',
          assignedToMachine: MACHINE,
        },
      ],
    });
    const task = saved.tasks[0]!;
    const page = await open('/tasks');
    const row = page.locator('[data-testid="tasks-table-row"]', { hasText: task.containerNumber });
    await row.locator('input[type="checkbox"]').check();
    await page.getByTestId('tasks-transfer').click();
    await choose(page, 'transfer-tasks-machine', MACHINE);
    await page.getByTestId('transfer-tasks-move').click();
    await page.getByTestId('transfer-tasks-error').getByText(messages.taskSameMachine).waitFor();
    await screenshot(page, 'tasks-transfer-same-machine');
    // The server says the same to a caller that skips the screen; nothing moved.
    const refusal = await refusalOf(api().tasks.transfer({ body: { taskIds: [task.taskId], toMachine: MACHINE } }));
    expect([refusal.status, refusal.message]).toEqual([400, messages.taskSameMachine]);

    // Another machine is fine, and the list shows it without a reload.
    await choose(page, 'transfer-tasks-machine', 'RS-02');
    await page.getByTestId('transfer-tasks-move').click();
    await page.getByTestId('transfer-tasks').waitFor({ state: 'detached' });
    await row.getByText('RS-02').waitFor();
    expect((await api().tasks.get({ params: { id: task.taskId } })).assignedToMachine).toBe('RS-02');
    expect(await sameDocument(page)).toBe(true);
  });

  it('shows a drop the yard model disagrees with as a yard exception, live, until resolved; ITV tasks and future tasks keep their rules', async () => {
    const page = await open('/tasks');
    const panel = page.getByTestId('yard-exceptions');
    await page.locator('[data-testid="yard-exceptions"][data-count="0"]').waitFor();

    // A drop of a container the yard does not have: an exception for the control room, no overwrite.
    const [layout] = [await api().yard.layout()];
    const somewhere = slotTarget(layout, 'A_1_1_1') ?? slotTarget(layout, 'A_01_01_1');
    await machine.event({ kind: 'drop', containerNumber: 'ZZZU0000007', height: 1, ...somewhere!.point });
    await page.locator('[data-testid="yard-exceptions"][data-count="1"]').waitFor();
    await panel.getByTestId('yard-exceptions-toggle').click();
    const exception = panel.locator('[data-testid="yard-exception-row"][data-kind="unknownContainer"]');
    await exception.getByText(messages.yardExceptionUnknownContainer('ZZZU0000007')).waitFor();
    await screenshot(page, 'tasks-yard-exception');
    await exception.getByTestId('yard-exception-resolve').click();
    await page.getByTestId('resolve-exception-text').fill('No such box: the driver read the number wrong');
    await page.getByTestId('resolve-exception-resolve').click();
    await page.locator('[data-testid="yard-exceptions"][data-count="0"]').waitFor();

    // ITV tasks: the ITV rule's five fields, then the ITV duplicate message.
    await page.getByTestId('tasks-tab-itv').click();
    const addItvTask = async () => {
      await page.getByTestId('itv-tasks-add').click();
      await page.getByTestId('itv-task-form-container').fill('MSCU1234565');
      await choose(page, 'itv-task-form-taskType', 'Shifting');
      await page.getByTestId('itv-task-form-fromLocation').fill('Trailer');
      await page.getByTestId('itv-task-form-toLocation').fill('Export Zone');
    };
    await addItvTask();
    expect(await page.getByTestId('itv-task-form-save').isDisabled()).toBe(true);
    await page.getByTestId('itv-task-form-trailer').fill('ITV-TR-1');
    await page.getByTestId('itv-task-form-save').click();
    await page.getByTestId('itv-task-form').waitFor({ state: 'detached' });
    await page.locator('[data-testid="itv-tasks-table-row"]', { hasText: 'MSCU1234565' }).waitFor();
    await addItvTask();
    await page.getByTestId('itv-task-form-trailer').fill('ITV-TR-1');
    await page.getByTestId('itv-task-form-error').getByText(messages.itvTaskDuplicate).waitFor();
    await screenshot(page, 'tasks-itv-duplicate');
    await page.getByTestId('itv-task-form-cancel').click();

    // Future task (spec 1 §5): every field, then the number's own message.
    await page.getByTestId('tasks-tab-tasks').click();
    await page.getByTestId('tasks-add').click();
    await page.getByTestId('add-task-tab-future').click();
    await page.getByTestId('future-task-form-container').fill('MSCU12345');
    await choose(page, 'future-task-form-taskType', 'Others');
    await choose(page, 'future-task-form-deliveryMode', 'Crane');
    await page.getByTestId('future-task-form-fromLocation').fill('Trailer');
    await choose(page, 'future-task-form-toLocation', 'Export Zone');
    await page.getByTestId('future-task-form-save').click();
    await page.getByTestId('future-task-form-error').getByText(messages.futureTaskNumberInvalid).waitFor();
    await screenshot(page, 'tasks-future-number');
    expect(await sameDocument(page)).toBe(true);
  });

  it('adds the tasks of an IGM item at once, completes and deletes from the list, uploads a tasks sheet and downloads the report', async () => {
    const grid = await api().inventory.grid();
    const at = grid.igmItemIndexes.findIndex((index, i) => index >= 0 && !grid.planned[i]);
    const igmItem = grid.igmItems[grid.igmItemIndexes[at]!]!;
    const numbers = grid.numbers.filter(
      (_, i) => grid.igmItemIndexes[i] === grid.igmItemIndexes[at] && !grid.planned[i],
    );
    const page = await open('/tasks');

    // IGM:Item: the query needs its colon; then one row per container of the item.
    await page.getByTestId('tasks-add').click();
    await page.getByTestId('add-task-tab-igm').click();
    await page.getByTestId('igm-tasks-query').fill(igmItem.replace(':', ' '));
    await page.getByTestId('igm-tasks-search').click();
    await page.getByTestId('igm-tasks-form-error').getByText(messages.taskIgmQueryNeedsColon).waitFor();
    await page.getByTestId('igm-tasks-query').fill(igmItem);
    await page.getByTestId('igm-tasks-search').click();
    const rows = page.getByTestId('igm-task-row');
    await expect.poll(() => rows.count()).toBe(numbers.length);
    // A row without its type is incomplete: the save names it.
    await page.getByTestId('igm-tasks-form-save').click();
    await page
      .getByTestId('igm-tasks-form-error')
      .getByText(/^Row 1: /)
      .waitFor();
    for (let index = 0; index < numbers.length; index += 1) {
      await choose(page, `igm-row-${index}-taskType`, 'Others');
      await choose(page, `igm-row-${index}-deliveryMode`, 'Crane');
      await choose(page, `igm-row-${index}-toLocation`, 'Export Zone');
    }
    await page
      .locator('[data-testid="igm-task-row"][data-state="complete"]')
      .nth(numbers.length - 1)
      .waitFor();
    await screenshot(page, 'tasks-add-igm');
    await page.getByTestId('igm-tasks-form-save').click();
    await page.getByTestId('igm-tasks-form').waitFor({ state: 'detached' });
    for (const number of numbers) await page.locator('[data-testid="tasks-table-row"]', { hasText: number }).waitFor();

    // Complete one and delete another (when the item has two) from the list: they leave it.
    const first = page.locator('[data-testid="tasks-table-row"]', { hasText: numbers[0]! });
    await first.locator('input[type="checkbox"]').check();
    await page.getByTestId('tasks-complete').click();
    await page.getByTestId('confirm-dialog-ok').click();
    await first.waitFor({ state: 'detached' });
    const last = page.locator('[data-testid="tasks-table-row"]', { hasText: numbers.at(-1)! });
    if (numbers.length > 1) {
      await last.locator('input[type="checkbox"]').check();
      await page.getByTestId('tasks-delete').click();
      await page.getByTestId('confirm-dialog-ok').click();
      await last.waitFor({ state: 'detached' });
    }

    // A tasks sheet: the good row is saved, the bad one refused with its reason.
    await page.getByTestId('tasks-upload-file').setInputFiles({
      name: 'tasks.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Container number,Task type,Delivery mode,From location,To location,Machine',
          'TCNU1111111,Others,Crane,Trailer,Export Zone,ALL',
          'TCNU2222222,Export Loading,Crane,Trailer,Trailer,ALL',
        ].join('\n'),
      ),
    });
    await page.getByTestId('upload-results-summary').getByText(messages.taskUploadRowsSaved(1, 2)).waitFor();
    await page.getByTestId('upload-results').getByText(messages.gateTaskTypeRule('Export Loading')).waitFor();
    await screenshot(page, 'tasks-upload-results');
    await page.getByTestId('upload-results-close').click();
    await page.locator('[data-testid="tasks-table-row"]', { hasText: 'TCNU1111111' }).waitFor();

    // The task report: written by the server, fetched by GET /rest/tasks/download.
    await page.getByTestId('tasks-report').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('task-report-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(await sameDocument(page)).toBe(true);
  });
});
