import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceLogPage, DeviceLogQuery } from '@openyard/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { deviceLogsRepository } from './device-logs.repository';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
});
afterAll(() => t.close());

const page = (deviceId: string, query: DeviceLogQuery) =>
  superadmin.api.deviceLogs.page({ params: { x: deviceId }, query });

describe('GET /rest/enterprise/devicelogs/:x', () => {
  it('pages from a 1-based start, (page-1)*size+1, newest first (spec 1 §9)', async () => {
    const deviceId = `reader-${900 + Math.floor(Math.random() * 99)}`;
    await deviceLogsRepository.insert(
      t.db,
      Array.from({ length: 5 }, (_, index) => ({
        deviceId,
        type: 'TAG_DATA' as const,
        message: `read ${index + 1}`,
        topic: null,
        messageId: `m${index + 1}`,
      })),
    );
    const messages = (found: DeviceLogPage) => found.entities.map((entry) => entry.message);
    // Page 1 of 2 starts at 1, page 2 at 3: no row is skipped or repeated.
    const first = await page(deviceId, { skip: 1, limit: 2 });
    expect(first.totalCount).toBe(5);
    expect(messages(first)).toEqual(['read 5', 'read 4']);
    expect(messages(await page(deviceId, { skip: 3, limit: 2 }))).toEqual(['read 3', 'read 2']);
    expect(messages(await page(deviceId, { skip: 5, limit: 2 }))).toEqual(['read 1']);
    // Without skip, and with 0, the first page.
    expect(messages(await page(deviceId, { limit: 2 }))).toEqual(['read 5', 'read 4']);
    expect(messages(await page(deviceId, { skip: 0, limit: 2 }))).toEqual(['read 5', 'read 4']);
    expect(messages(await page(deviceId, { filterString: 'RF_OK' }))).toEqual([]);
  });
});
