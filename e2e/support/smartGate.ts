import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fillPath, routes } from '@openyard/contracts';
import { randomScene, renderContainerFrame } from '@openyard/simulator/frames';
import type { ApiClient } from './api';
import type { RunningServer } from './startServer';

// What the smart gate browser tests share: a gate's camera login, container numbers free to leave
// the yard, frames uploaded by a camera, the pending count and the lane's "take the next record".

export interface CameraLogin {
  username: string;
  password: string;
}

// The demo camera login of a gate (demo mode writes them to DATA_DIR/demo-devices.json).
export async function cameraOf(server: RunningServer, gateId: number): Promise<CameraLogin> {
  const file = JSON.parse(await readFile(join(server.dataDir, 'demo-devices.json'), 'utf8')) as {
    cameras: ({ gateId: number } & CameraLogin)[];
  };
  const camera = file.cameras.find((entry) => entry.gateId === gateId);
  if (!camera) throw new Error(`no demo camera at gate ${gateId}`);
  return camera;
}

// Boxes of the demo yard on top of their stacks (free to leave), with ISO-shaped numbers.
export async function topOfStackNumbers(api: ApiClient, count: number): Promise<string[]> {
  const numbers: string[] = [];
  for (const area of (await api.yard.layout()).areaLayouts) {
    const boxes = await api.inventory.areaContainers({ params: { area: area.name }, query: {} });
    const top = new Map<string, number>();
    for (const box of boxes) {
      const key = `${box.rowIndex}_${box.columnIndex}`;
      top.set(key, Math.max(top.get(key) ?? 0, box.tier ?? 0));
    }
    numbers.push(
      ...boxes
        .filter((box) => !box.planned && box.tier === top.get(`${box.rowIndex}_${box.columnIndex}`))
        .map((box) => box.number)
        .filter((number) => /^[A-Z]{4}\d{7}$/.test(number)),
    );
    if (numbers.length >= count) break;
  }
  return numbers.slice(0, count);
}

// Uploads a door end with `number` painted on it as the gate's camera (one truck visit). The
// scenes come from one seeded generator, so a run paints the same frames.
export function frameUploader(server: RunningServer, seed: number) {
  let state = seed;
  const random = () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
  let sent = 0;
  return async (number: string, gateId: number, login: CameraLogin) => {
    const scene = {
      ...randomScene(random, 'door'),
      orientation: 'horizontal' as const,
      sizeType: '22G1',
      containerNumber: number,
    };
    const jpeg = await renderContainerFrame(scene, random);
    const path = fillPath(routes.cameras.uploadFrame.path, { gateId, camera: 'Front' });
    const upload = await fetch(`${server.baseUrl}${path}?messageId=e2e-igate-${seed}-${Date.now()}-${sent++}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${login.username}:${login.password}`).toString('base64')}`,
        'content-type': 'image/jpeg',
      },
      body: new Uint8Array(jpeg),
    });
    expect(upload.status).toBe(200);
  };
}

// The gate's pending OCR records as the open smart gate screen shows them.
export async function pendingCount(page: Page): Promise<number> {
  return Number((await page.getByTestId('igate-pending-count').innerText()).replace(/\D+/g, '') || 0);
}

export type NumberOutcome = 'unchanged' | 'candidate' | 'typed';

// Takes the next record and settles the number by the keyboard: the read as it is, else the first
// candidate by its key when it is the expected number, else typed.
export async function takeNext(page: Page, expected: string): Promise<NumberOutcome> {
  await page.keyboard.press('Alt+N');
  await page.getByTestId('igate-record').waitFor();
  const read = await page.getByTestId('igate-field-containerNumber').inputValue();
  let how: NumberOutcome = 'unchanged';
  if (read !== expected) {
    const first = page.getByTestId('igate-candidate-1');
    await first.waitFor({ timeout: 5_000 }).catch(() => undefined);
    if ((await first.count()) > 0 && (await first.innerText()).includes(expected)) {
      await page.getByTestId('igate-lane').focus();
      await page.keyboard.press('1');
      how = 'candidate';
    } else {
      how = 'typed';
      await page.getByTestId('igate-field-containerNumber').fill(expected);
      await page.getByTestId('igate-lane').focus();
    }
  }
  await expect.poll(() => page.getByTestId('igate-field-containerNumber').inputValue()).toBe(expected);
  return how;
}

// Waits until the screen's websocket is open (the live count then moves without a reload).
export async function liveOpen(page: Page): Promise<void> {
  await page
    .locator('[data-testid="live-status"][data-status="open"]')
    .waitFor()
    .catch(() => undefined);
  await page.waitForTimeout(500);
}
