import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { createTestApp, type TestApp } from '../test/test-app';

// The 5xx the API fuzzing found (api-fuzz.int.test.ts), each as the request that met it: every one
// is now a 400 with words, and the request wrote nothing.

let t: TestApp;
let superadmin: Awaited<ReturnType<TestApp['login']>>;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await t.login('superadmin');
});
afterAll(() => t.close());

const refusal = async (request: {
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}) => {
  const response = await t.app.inject({
    method: 'GET',
    ...request,
    headers: { ...superadmin.auth, ...request.headers },
  });
  return { status: response.statusCode, body: response.json<{ message: string; code?: string; statusCode: number }>() };
};

describe('requests the fuzzing found answered with a 500', () => {
  it('an id past an integer column (gate 2^32, area 2^32): 400, not the database error', async () => {
    for (const url of [
      '/rest/enterprise/gate/ocr/count?gateId=4294967296',
      '/rest/enterprise/gate/entry-tag?gateId=9007199254740991',
      '/rest/enterprise/reports/inventory?areaId=4294967296',
    ]) {
      const answer = await refusal({ url });
      expect(answer, url).toMatchObject({
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION', message: messages.valueOutOfRange },
      });
    }
  });

  it('an id past a bigint column (1e20): 400', async () => {
    const answer = await refusal({ url: '/rest/tasks/99999999999999999999' });
    expect(answer).toMatchObject({ status: 400, body: { message: messages.valueOutOfRange } });
  });

  it('a NUL character in a search text: 400', async () => {
    const answer = await refusal({ url: '/rest/enterprise/containers/all?searchText=%00' });
    expect(answer).toMatchObject({ status: 400, body: { message: messages.textNotStorable } });
  });

  it('an epoch-millisecond date past what a date holds: 400 from the schema, naming the field', async () => {
    const answer = await refusal({ url: '/rest/enterprise/containers/all?toDate=9007199254740991' });
    expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    expect(answer.body.message).toMatch(/^To date must be/);
  });

  it('an epoch-millisecond date PostgreSQL cannot hold, and smart gate report dates past a date: 400', async () => {
    for (const url of [
      '/rest/enterprise/containers?fromDate=8640000000000000',
      '/rest/enterprise/gate/igate-in-report?startDate=8&endDate=9007199254740991&gateId=2',
      '/rest/enterprise/gate/ocr/accuracy?gateId=3&startDate=1&endDate=9007199254740991',
    ]) {
      const answer = await refusal({ url });
      expect(answer, url).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    }
  });

  it('a report to the last day of year 9999 (whose next day is not a day): 400 with the report words', async () => {
    const answer = await refusal({
      url: '/rest/enterprise/reports/location-not-updated/export?from=2026-11-27&to=9999-12-31',
    });
    expect(answer).toMatchObject({ status: 400, body: { message: messages.reportChooseToDate } });
  });

  it('a tasks export from a day the calendar does not have (8346-72-25, 2026-02-30): 400', async () => {
    for (const [from, to] of [
      ['8346-72-25', '2026-02-27'],
      ['2026-02-01', '2026-02-30'],
    ]) {
      const answer = await refusal({
        method: 'POST',
        url: '/rest/tasks/exportXls',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ from, to }),
      });
      expect(answer, `${from} ${to}`).toMatchObject({ status: 400, body: { message: messages.surveyDayInvalid } });
    }
  });

  it('a multipart upload without its boundary: 400', async () => {
    const answer = await refusal({
      method: 'POST',
      url: '/rest/tasks/upload',
      headers: { 'content-type': 'multipart/form-data' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--\r\n',
    });
    expect(answer).toMatchObject({ status: 400, body: { message: messages.uploadMalformed } });
  });
});
