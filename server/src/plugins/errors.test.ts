import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@openyard/contracts';
import { errorsPlugin } from './errors';

// A database error as the drivers throw it: an Error carrying the SQLSTATE (postgres' PostgresError,
// PGlite's DatabaseError), here wrapped once as Drizzle does.
function databaseError(code: string) {
  return new Error('Failed query', { cause: Object.assign(new Error('database says no'), { code }) });
}

describe('the error handler', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    await app.register(errorsPlugin, { webDir: undefined });
    app.get('/fails/:code', (request) => {
      throw databaseError((request.params as { code: string }).code);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    ['57014', 'a statement timeout'],
    ['55P03', 'a lock timeout'],
    ['40P01', 'a deadlock'],
    ['40001', 'a serialization failure'],
  ])('answers %s (%s) no service answered with a 503 to retry, not a 500', async (code) => {
    const response = await app.inject({ method: 'GET', url: `/fails/${code}` });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toMatchObject({ statusCode: 503, code: 'BUSY', message: messages.serverBusy });
    expect(response.json<{ correlationId?: string }>().correlationId).toEqual(expect.any(String));
  });

  it('still answers an unknown database failure with a 500 without details', async () => {
    const response = await app.inject({ method: 'GET', url: '/fails/XX000' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ message: messages.internalError });
    expect(JSON.stringify(response.json())).not.toContain('database says no');
  });
});
