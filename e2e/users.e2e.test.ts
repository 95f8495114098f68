import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { createUser, loginToken, roleId, uniqueName } from './support/api';
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

  // Issue 13 points 18, 24 and 25.
  it('opens a user row from the keyboard, shows refusals in words on their field, greys flags without effect', async () => {
    const username = uniqueName('e2ekeys');
    await createUser(server.baseUrl, adminToken, { username, password: 'first-Pass1!', role: 'operator' });
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    await page.goto(`${server.baseUrl}/users`);
    const rows = page.getByTestId('users-table-row');
    await rows.first().waitFor();
    expect(await page.getByTestId('users-table-keys').textContent()).toBe(
      'Keys on a row: Enter or double-click: edit · E: edit · Delete: delete · Space: select · ↑ ↓: move between rows',
    );

    // The column headings sort the users on the server (every page): usernames in order, then
    // reversed.
    const usernames = () => rows.locator('td:nth-child(3) p').allTextContents();
    const inOrder = (list: string[]) =>
      list.length > 2 &&
      list.every((name, index) => index === 0 || list[index - 1]!.toLowerCase() <= name.toLowerCase());
    await page.getByTestId('users-table-sort-username').click();
    await expect.poll(async () => inOrder(await usernames())).toBe(true);
    const ascending = await usernames();
    expect(await page.locator('th[aria-sort="ascending"]').textContent()).toContain('Username');
    await page.getByTestId('users-table-sort-username').click();
    await expect.poll(async () => inOrder([...(await usernames())].reverse())).toBe(true);
    expect(await usernames()).not.toEqual(ascending);
    expect(await page.getByTestId('users-table-sorted-page').count()).toBe(0);

    // Enter on a focused row opens its edit dialog; Escape gives the focus back to the row.
    const row = rows.filter({ hasText: username });
    await row.focus();
    await page.keyboard.press('Enter');
    const editDialog = page.getByRole('dialog', { name: `Edit user ${username}` });
    await editDialog.waitFor();
    // A refused e-mail address is said in words on its field, and the error goes when the field changes.
    await page.getByTestId('user-form-email').fill('not-an-address');
    await page.getByTestId('user-form-save').click();
    const emailError = editDialog.getByText(messages.emailInvalid);
    await emailError.waitFor();
    expect(await editDialog.textContent()).not.toContain('must match');
    await screenshot(page, 'users-edit-email-refused');
    await page.getByTestId('user-form-email').press('Backspace');
    await emailError.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await editDialog.waitFor({ state: 'hidden' });
    // A double-click opens it too; the Delete key asks before deleting.
    await row.dblclick();
    await editDialog.waitFor();
    await page.keyboard.press('Escape');
    await editDialog.waitFor({ state: 'hidden' });
    await row.focus();
    await page.keyboard.press('Delete');
    await page.getByRole('dialog', { name: `Delete user ${username}` }).waitFor();
    await page.getByTestId('confirm-dialog-ok').click();
    await page.getByText(messages.userDeleted).waitFor();
    await row.waitFor({ state: 'detached' });

    // Role permissions: the flags a role's menu ignores are greyed, with the reason.
    const adminRole = await roleId(server.baseUrl, adminToken, 'admin');
    const superadminRole = await roleId(server.baseUrl, adminToken, 'superadmin');
    await page.getByTestId('users-tab-permissions').click();
    const adminInventory = page.getByTestId(`role-permissions-inventoryVisible-${adminRole}`);
    await adminInventory.waitFor();
    expect(await adminInventory.getAttribute('aria-description')).toBe(
      'No effect for this role: Inventory is shown only to superadmin',
    );
    expect(
      await page.getByTestId(`role-permissions-usersVisible-${adminRole}`).getAttribute('data-no-effect'),
    ).toBeNull();
    expect(
      await page.getByTestId(`role-permissions-gateVisible-${adminRole}`).getAttribute('data-no-effect'),
    ).toBeNull();
    expect(
      await page.getByTestId(`role-permissions-crudEnabled-${superadminRole}`).getAttribute('aria-description'),
    ).toBe('No effect for this role: Superadmin sees every menu and may create and update everywhere');
    await adminInventory.hover();
    await page
      .getByRole('tooltip', { name: 'No effect for this role: Inventory is shown only to superadmin' })
      .waitFor();
    await screenshot(page, 'role-permissions-no-effect');
  });

  it('sends the user to the login page when the server ends the session, and back afterwards', async () => {
    await loginThroughPage(page, server.baseUrl, 'superadmin', 'demo');
    // The screen's own first calls (menu, home) answered before the cookie goes: else one of them
    // may be the call that meets the 401 and the menu is gone before the click.
    await page.waitForLoadState('networkidle');
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
