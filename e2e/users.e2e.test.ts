import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { createUser, loginToken, uniqueName } from './support/api';
import { launchBrowser } from './support/launchBrowser';
import { loginThroughPage } from './support/loginThroughPage';
import { screenshot } from './support/screenshot';
import { startServer, type RunningServer } from './support/startServer';

describe('users screen and password change', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    adminToken = await loginToken(server.baseUrl, 'superadmin', 'demo');
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
  afterEach(async () => {
    await context.close();
  });

  it('changes the password through the modal, then logs out after 2 s', async () => {
    const username = uniqueName('e2epw');
    await createUser(server.baseUrl, adminToken, { username, password: 'first-Pass1!', role: 'operator' });
    await loginThroughPage(page, server.baseUrl, username, 'first-Pass1!');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.waitFor();
    // The rule of spec 3 §5 answers before any call.
    await page.getByTestId('change-password-submit').click();
    expect(await page.getByTestId('change-password-error').textContent()).toContain(messages.passwordAllFieldsRequired);

    await page.getByTestId('change-password-old').fill('first-Pass1!');
    await page.getByTestId('change-password-new').fill('second-Pass2!');
    await page.getByTestId('change-password-confirm').fill('second-Pass2!');
    await screenshot(page, 'change-password-filled');
    await page.getByTestId('change-password-submit').click();
    await page.getByTestId('change-password-success').waitFor();
    const shownAt = Date.now();
    await screenshot(page, 'change-password-success');

    await page.waitForURL(`${server.baseUrl}/login`, { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1_500);

    // The new password works, the old one no longer does.
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('first-Pass1!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('login-error').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('second-Pass2!');
    await page.getByRole('button', { name: 'Log in' }).click();
    // The operator's landing page, /containers (spec 3 §6).
    await page.waitForURL(`${server.baseUrl}/containers`);
  });

  it('creates, edits and deletes a user on the Users screen', async () => {
    const username = uniqueName('e2euser');
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(`${server.baseUrl}/users`);
    await page.getByTestId('users-table-row').first().waitFor();

    // Create
    await page.getByTestId('users-add').click();
    const addDialog = page.getByRole('dialog', { name: 'Add user' });
    await addDialog.waitFor();
    await page.getByTestId('user-form-username').fill(username);
    await page.getByTestId('user-form-role').click();
    await page.getByRole('option', { name: 'operator', exact: true }).click();
    await page.getByTestId('user-form-password').fill('Created-Pass1!');
    await page.getByTestId('user-form-confirm-password').fill('Created-Pass1!');
    await page.getByTestId('user-form-email').fill(`${username}@example.test`);
    await screenshot(page, 'users-add-form');
    await page.getByTestId('user-form-save').click();
    await page.getByText(messages.userAdded).waitFor();
    await addDialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('users-table-row').filter({ hasText: username });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${username}@example.test`);
    await screenshot(page, 'users-added');

    // Edit
    await row.getByRole('checkbox').check();
    await page.getByTestId('users-edit').click();
    const editDialog = page.getByRole('dialog', { name: `Edit user ${username}` });
    await editDialog.waitFor();
    await page.getByTestId('user-form-email').fill(`${username}@changed.test`);
    await page.getByTestId('user-form-phone').fill('+91 22 5550 0100');
    await page.getByTestId('user-form-save').click();
    await page.getByText(messages.userUpdated).waitFor();
    await editDialog.waitFor({ state: 'hidden' });
    await row.filter({ hasText: `${username}@changed.test` }).waitFor();
    await screenshot(page, 'users-edited');

    // Delete
    if (!(await row.getByRole('checkbox').isChecked())) await row.getByRole('checkbox').check();
    await page.getByTestId('users-delete').click();
    await page.getByTestId('confirm-dialog-ok').click();
    await page.getByText(messages.userDeleted).waitFor();
    await row.waitFor({ state: 'detached' });
    await screenshot(page, 'users-deleted');
  });

  it('sends the user to the login page when the server ends the session, and back afterwards', async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    // The session cookie disappears (as if the server expired it): the next call answers 401.
    await context.clearCookies();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(`${server.baseUrl}/login`);
    await page.getByTestId('login-notice').waitFor();
    await screenshot(page, 'login-after-401');
    await page.getByLabel('Username').fill('superadmin');
    await page.getByLabel('Password', { exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${server.baseUrl}/users`);
  });
});
