import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
});
afterAll(() => t.close());

const api = async (method: 'POST' | 'PUT', url: string, payload: object) => {
  const response = await t.app.inject({ method, url, headers: superadmin.auth, payload });
  return { status: response.statusCode, body: response.json<{ message?: string; itv?: { id: number } }>() };
};

const refused = async (method: 'POST' | 'PUT', url: string, payload: object, message: string) => {
  const { status, body } = await api(method, url, payload);
  expect({ status, message: body.message }).toEqual({ status: 409, message });
};

// The database's unique indexes decide a taken name or number; the answer names which one.
describe('machines and ITVs taken', () => {
  it('answers a taken ITV number and a taken trailer number each in its own words, in any case', async () => {
    const first = await api('POST', '/rest/enterprise/itvs', { itvNumber: 'ITV-01', trailerNumber: 'TR-01' });
    expect(first.status).toBe(200);
    await refused(
      'POST',
      '/rest/enterprise/itvs',
      { itvNumber: 'itv-01', trailerNumber: 'TR-02' },
      messages.itvNumberTaken,
    );
    await refused(
      'POST',
      '/rest/enterprise/itvs',
      { itvNumber: 'ITV-02', trailerNumber: 'tr-01' },
      messages.itvTrailerTaken,
    );
    const second = await api('POST', '/rest/enterprise/itvs', { itvNumber: 'ITV-02', trailerNumber: 'TR-02' });
    expect(second.status).toBe(200);
    const moved = { id: second.body.itv!.id, itvNumber: 'ITV-02', trailerNumber: 'TR-01' };
    await refused('PUT', '/rest/enterprise/itvs', moved, messages.itvTrailerTaken);
  });

  it('answers a taken machine name', async () => {
    const machine = { machineName: 'RS-07', machineType: 'Reach-Stacker' };
    expect((await api('POST', '/rest/enterprise/machines', machine)).status).toBe(200);
    await refused('POST', '/rest/enterprise/machines', machine, messages.machineNameTaken);
  });
});
