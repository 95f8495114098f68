import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { createClient, type CallRequest } from './client';
import { defineRoute, fillPath, queryString } from './route';

const catalogue = {
  things: {
    get: defineRoute({
      method: 'GET',
      path: '/rest/things/:id',
      params: Type.Object({ id: Type.String() }),
      query: Type.Object({ deep: Type.Optional(Type.Boolean()) }),
      response: Type.Object({ id: Type.String() }),
      access: { flag: 'containersVisible' },
    }),
    save: defineRoute({
      method: 'PUT',
      path: '/rest/things',
      body: Type.Object({ name: Type.String() }),
      response: Type.Object({ ok: Type.Boolean() }),
      access: { flag: 'containersVisible', write: true },
    }),
  },
};

describe('the typed client', () => {
  it('builds path, query and body from the declaration and hands them to the transport', async () => {
    const sent: CallRequest[] = [];
    const api = createClient(catalogue, async (request) => {
      sent.push(request);
      return { id: 'x', ok: true };
    });
    await api.things.get({ params: { id: 'A B/1' }, query: { deep: true } });
    await api.things.save({ body: { name: 'n' } }, { action: true });
    expect(sent.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'GET', url: '/rest/things/A%20B%2F1?deep=true', body: undefined },
      { method: 'PUT', url: '/rest/things', body: { name: 'n' } },
    ]);
    expect(sent[1]!.options.action).toBe(true);
  });

  it('fills path parameters and refuses a missing one', () => {
    expect(fillPath('/rest/a/:n/b/:m', { n: 4, m: 'x' })).toBe('/rest/a/4/b/x');
    expect(() => fillPath('/rest/a/:n', {})).toThrow('path parameter n missing');
    expect(fillPath('/rest/frames/*', { '*': '7/2026-01-02/a b.jpg' })).toBe('/rest/frames/7/2026-01-02/a%20b.jpg');
    expect(() => fillPath('/rest/frames/*', {})).toThrow('path parameter * missing');
  });

  it('writes a query string without empty values, arrays as repeated keys', () => {
    expect(queryString({ a: 1, b: '', c: null, d: undefined, e: ['x', 'y'], f: 'é&' })).toBe(
      '?a=1&e=x&e=y&f=%C3%A9%26',
    );
    expect(queryString({ b: '' })).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});
