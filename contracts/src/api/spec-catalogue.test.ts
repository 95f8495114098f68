import { describe, expect, it } from 'vitest';
import { routes } from './catalogue';
import { isRouteSpec } from './route';
import { SPEC_CALLS, SPEC_CALLS_ELSEWHERE, SPEC_CALLS_SERVED_AS, specCallKey } from './spec-catalogue';

const declared = new Set(
  Object.values(routes).flatMap((group) =>
    Object.values(group)
      .filter(isRouteSpec)
      .map((route) => specCallKey(route.method, route.path)),
  ),
);
const keyOf = (call: { method: string; path: string }) => specCallKey(call.method, call.path);
const elsewhere = new Set(Object.keys(SPEC_CALLS_ELSEWHERE).map((call) => specCallKey(...splitCall(call))));

function splitCall(call: string): [string, string] {
  const [method, path] = call.split(' ');
  return [method!, path!];
}

describe('the call catalogue of the specification', () => {
  it('lists the spec’s calls: every group of spec 3 §7 and the paths of specs 1 and 2', () => {
    expect(SPEC_CALLS.length).toBeGreaterThan(200);
    expect(new Set(SPEC_CALLS.map((call) => call.where.split(' ')[1])).size).toBe(3);
    expect(SPEC_CALLS.map(keyOf)).toEqual(expect.arrayContaining(['GET /rest/liner-infos', 'DELETE /rest/tasks']));
  });

  it('is declared in the route catalogue, call by call, but for the calls of other open work', () => {
    const missing = SPEC_CALLS.filter((call) => !elsewhere.has(keyOf(call)))
      .map((call) => {
        const servedAs = SPEC_CALLS_SERVED_AS[`${call.method} ${call.path}`];
        return servedAs ? specCallKey(...splitCall(servedAs)) : keyOf(call);
      })
      .filter((key) => !declared.has(key));
    expect(missing).toEqual([]);
  });

  it('names only spec calls as left to other work, and none the catalogue declares already', () => {
    const spec = new Set(SPEC_CALLS.map(keyOf));
    for (const call of elsewhere) {
      expect(spec.has(call), call).toBe(true);
      // When the other work lands, its line goes: a declared call is no exception.
      expect(declared.has(call), call).toBe(false);
    }
  });

  it('matches parameters by position, whatever their names', () => {
    expect(specCallKey('GET', '/rest/roles/{x}')).toBe(specCallKey('GET', '/rest/roles/:x'));
    expect(specCallKey('PUT', '/rest/enterprise/gate/{gate}/reader/{reader}')).toBe(
      'PUT /rest/enterprise/gate/{}/reader/{}',
    );
  });
});
