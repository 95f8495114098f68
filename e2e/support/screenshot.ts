import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { artifactsDir } from './paths';

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true, animations: 'disabled' });
}
