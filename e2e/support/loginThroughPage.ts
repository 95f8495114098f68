import type { Page } from 'playwright-core';

// Logs in through the login page and waits until the app has left it.
export async function loginThroughPage(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login' && url.pathname !== '/', { timeout: 15_000 });
}
