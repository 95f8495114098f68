import fc from 'fast-check';
import { encodeMultipart, type RouteSpec } from '@openyard/contracts';

// Requests for one route of the catalogue, generated from its declared schemas (the same JSON
// Schema the server validates with and the OpenAPI document publishes). Half are what the schema
// accepts, filled with the values that break servers (bounds, huge numbers, NUL bytes, SQL and
// script fragments, unicode, impossible dates, the longest strings and arrays allowed); half are
// those requests mutated into what it refuses (wrong types, nulls, missing and extra fields, huge
// strings and arrays, prototype keys, broken JSON, the wrong content type).

type Schema = Record<string, unknown>;

export interface FuzzRequest {
  method: RouteSpec['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  // What was generated, for the failure report.
  description: string;
}

const HUGE_STRING_LENGTH = 200_000;
const HUGE_ARRAY_LENGTH = 10_000;

const NASTY_STRINGS = [
  '',
  ' ',
  'x',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'true',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; select pg_sleep(5)',
  '%_%',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '=HYPERLINK("http://evil.example","x")',
  '+cmd|/C calc!A0',
  '@SUM(1+1)',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  'nul\u0000byte',
  '\u0000',
  'ünïcödé ✓ 🚛 集装箱 ‮reversed‬',
  '\u200b\u200d\ufeff',
  '\ud800',
  '𝕆𝕡𝕖𝕟𝕪𝕒𝕣𝕕',
  'line\nbreak\r\ttab',
  '2026-02-30',
  '2026-13-45T25:61:61Z',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
  '-271821-04-20T00:00:00Z',
  '1970-01-01T00:00:00Z',
  '2026-11-27T10:00:00+14:00',
  'not a date',
  'MSCU1234565',
  'ABCU0000000',
  '{"a":1}',
  '[1,2,3]',
];

const EDGE_INTEGERS = [
  0, 1, 2, 3, 7, -1, -2, 255, 65_535, 2_147_483_647, 2_147_483_648, -2_147_483_648, -2_147_483_649, 4_294_967_296,
  9_007_199_254_740_991, -9_007_199_254_740_991,
];
const EDGE_NUMBERS = [...EDGE_INTEGERS, 0.5, -0.5, 1e-300, 1e308, -1e308, 91, -181, 180.000001, 1e21];

function bounded<T extends number>(values: readonly T[], schema: Schema): T[] {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : -Infinity;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : Infinity;
  return values.filter((v) => v >= min && v <= max && v > exclusiveMin && v < exclusiveMax);
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const edges = bounded(integer ? EDGE_INTEGERS : EDGE_NUMBERS, schema);
  for (const bound of [min, max]) if (bound !== undefined) edges.push(bound);
  const range = integer
    ? fc.integer({ min: Math.max(min ?? -1_000, -2_000_000_000), max: Math.min(max ?? 1_000, 2_000_000_000) })
    : fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true });
  return edges.length ? fc.oneof(fc.constantFrom(...edges), range) : range;
}

function fitLength(text: string, schema: Schema): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : HUGE_STRING_LENGTH;
  let fitted = text;
  while (fitted.length < min) fitted += text || 'x';
  return fitted.slice(0, Math.max(max, min));
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
    const fits = (text: string) => text.length >= min && text.length <= max;
    const nasty = NASTY_STRINGS.filter((text) => pattern.test(text) && fits(text));
    const matching = fc.stringMatching(pattern).filter(fits);
    return nasty.length ? fc.oneof(matching, fc.constantFrom(...nasty)) : matching;
  }
  const longest = fitLength('Ω'.repeat(HUGE_STRING_LENGTH), schema);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS).map((text) => fitLength(text, schema)) },
    { weight: 1, arbitrary: fc.constant(longest) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }).map((text) => fitLength(text, schema)) },
  );
}

// A value the schema accepts (or, for the rare patterns fast-check cannot satisfy, close to one).
export function validArbitrary(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object') return fc.constant(undefined);
  const s = schema as Schema;
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(s[key])) return fc.oneof(...(s[key] as unknown[]).map((sub) => validArbitrary(sub, depth)));
  }
  if (Array.isArray(s.allOf)) return validArbitrary(Object.assign({}, ...(s.allOf as Schema[])), depth);
  switch (s.type) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
      const maxItems = typeof s.maxItems === 'number' ? s.maxItems : 2_000;
      const item = validArbitrary(s.items, depth + 1);
      return fc.oneof(
        { weight: 5, arbitrary: fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(maxItems, 4)) }) },
        // The longest array the schema allows, of one repeated item.
        {
          weight: depth === 0 ? 1 : 0,
          arbitrary: item.map((one) => Array.from({ length: Math.min(maxItems, 2_000) }, () => one)),
        },
      );
    }
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set((s.required ?? []) as string[]);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, sub] of Object.entries(properties)) record[name] = validArbitrary(sub, depth + 1);
      const base = fc.record(record, { requiredKeys: [...required].filter((name) => name in properties) });
      const patterns = s.patternProperties as Record<string, unknown> | undefined;
      if (!patterns && (typeof s.additionalProperties !== 'object' || depth > 3)) return base;
      const [pattern, valueSchema] = patterns ? Object.entries(patterns)[0]! : ['^[a-z]{1,8}$', s.additionalProperties];
      const extra = fc.dictionary(fc.stringMatching(new RegExp(pattern)), validArbitrary(valueSchema, depth + 1), {
        maxKeys: 3,
      });
      return fc.tuple(base, extra).map(([known, more]) => ({ ...more, ...known }));
    }
    default:
      // A FileField or a schema that accepts anything.
      return fc.constant('any');
  }
}

const WEIRD_VALUES: unknown[] = [
  null,
  'string',
  '',
  12_345,
  -1,
  0,
  1e308,
  -9_007_199_254_740_992,
  true,
  false,
  [],
  {},
  [null],
  { nested: { deeper: [1, 'two', null] } },
  '2026-02-30T25:00:00Z',
  "'; DROP TABLE containers; --",
  '<script>alert(1)</script>',
  'nul\u0000byte',
  '\ud83d',
];
const HUGE_STRING = 'A'.repeat(HUGE_STRING_LENGTH);
const HUGE_ARRAY = Array.from({ length: HUGE_ARRAY_LENGTH }, (_, i) => i);

type MutationKind = 'replace' | 'delete' | 'extra' | 'huge-string' | 'huge-array' | 'proto';

interface Mutation {
  kind: MutationKind;
  at: number;
  weird: unknown;
  extraKey: string;
}

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom<MutationKind>('replace', 'replace', 'delete', 'extra', 'huge-string', 'huge-array', 'proto'),
  at: fc.nat(),
  weird: fc.oneof(fc.constantFrom(...WEIRD_VALUES), fc.anything({ maxDepth: 2 })),
  extraKey: fc.constantFrom('extra', 'id', 'isAdmin', 'role', 'constructor', 'password', '$where', ''),
});

type Container = Record<string, unknown> | unknown[];

// Every place in a value a mutation may change: the containers and their keys, the root included.
function placesOf(value: unknown, into: [Container | null, string | number][] = [[null, '']]) {
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Record<string, unknown>).slice(0, 50)) {
      into.push([value as Container, Array.isArray(value) ? Number(key) : key]);
      placesOf(child, into);
    }
  }
  return into;
}

function mutate(root: unknown, mutation: Mutation): unknown {
  const places = placesOf(root);
  const [container, key] = places[mutation.at % places.length]!;
  const replacement = (): unknown => {
    switch (mutation.kind) {
      case 'huge-string':
        return HUGE_STRING;
      case 'huge-array':
        return [...HUGE_ARRAY];
      default:
        return structuredClone(mutation.weird);
    }
  };
  if (!container) {
    if (mutation.kind === 'extra' || mutation.kind === 'proto') {
      const base = root && typeof root === 'object' && !Array.isArray(root) ? root : {};
      return mutation.kind === 'proto'
        ? JSON.parse(
            `{"__proto__":{"isAdmin":true,"permissions":{"usersVisible":true}},${JSON.stringify(base).slice(1)}`.replace(
              ',}',
              '}',
            ),
          )
        : { ...base, [mutation.extraKey]: replacement() };
    }
    return mutation.kind === 'delete' ? undefined : replacement();
  }
  const target = container as Record<string | number, unknown>;
  if (mutation.kind === 'delete') {
    if (Array.isArray(container)) container.splice(Number(key), 1);
    else delete target[key];
  } else if (mutation.kind === 'extra' || mutation.kind === 'proto') {
    const inner = target[key];
    if (inner && typeof inner === 'object' && !Array.isArray(inner))
      (inner as Record<string, unknown>)[mutation.kind === 'proto' ? 'constructor' : mutation.extraKey] = replacement();
    else target[key] = replacement();
  } else {
    target[key] = replacement();
  }
  return root;
}

const clone = (value: unknown): unknown => (value === undefined ? undefined : structuredClone(value));

// Path values travel as text: weird ones are those a router and a parser meet in the wild.
const WEIRD_PATH_VALUES = [
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999999999999',
  '2147483648',
  'abc',
  '..',
  '../../etc/passwd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%00',
  "1' or '1'='1",
  ' 1',
  'ünï',
  'x'.repeat(5_000),
];

// encodeURIComponent, but a lone surrogate goes as the invalid UTF-8 it would be on the wire.
function encoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .split(/([\ud800-\udfff])/)
      .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  }
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function queryText(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query))
    return query === undefined ? '' : `?q=${encoded(scalarText(query))}`;
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? (value as unknown[]).slice(0, 200) : [value])
      if (item !== undefined) pairs.push(`${encoded(key)}=${encoded(scalarText(item))}`);
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

const RAW_BODIES = [
  '{"unterminated": ',
  'null',
  '[]',
  '"text"',
  '1e999',
  '{"a":1,"a":2}',
  '\u0000',
  'not json at all',
  '{}{}',
];

function fileOf(kind: number) {
  const contents: [string, string, Buffer][] = [
    [
      'sheet.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      Buffer.from('PK\u0003\u0004 truncated zip'),
    ],
    ['sheet.csv', 'text/csv', Buffer.from('=cmd|calc,@SUM(1),"unterminated\n-1,+2\n')],
    ['frame.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10])],
    ['../../evil.xlsx', 'application/octet-stream', Buffer.alloc(64, 0)],
    ['empty.xlsx', '', Buffer.alloc(0)],
  ];
  const [name, type, content] = contents[kind % contents.length]!;
  return { name, type, content };
}

export function requestArbitrary(route: RouteSpec): fc.Arbitrary<Promise<FuzzRequest>> {
  const parts = fc.record({
    params: validArbitrary(route.params),
    query: validArbitrary(route.query),
    body: validArbitrary(route.body),
  });
  return fc
    .record({
      parts,
      mutated: fc.boolean(),
      section: fc.constantFrom('params', 'query', 'body', 'body', 'body'),
      mutations: fc.array(mutationArbitrary, { minLength: 1, maxLength: 3 }),
      weirdPath: fc.constantFrom(...WEIRD_PATH_VALUES),
      rawBody: fc.option(fc.constantFrom(...RAW_BODIES), { freq: 12 }),
      contentType: fc.option(
        fc.constantFrom('text/plain', 'application/xml', 'application/json; charset=latin1', 'multipart/form-data'),
        { freq: 15 },
      ),
      file: fc.nat(),
    })
    .map(async ({ parts, mutated, section, mutations, weirdPath, rawBody, contentType, file }) => {
      let params = parts.params as Record<string, unknown> | undefined;
      let query = parts.query;
      let body = parts.body;
      if (mutated) {
        if (section === 'params' && params)
          params = {
            ...params,
            [Object.keys(params)[mutations[0]!.at % Math.max(1, Object.keys(params).length)] ?? 'id']: weirdPath,
          };
        else if (section === 'query') query = mutations.reduce((value, m) => mutate(value, m), clone(query ?? {}));
        else body = mutations.reduce((value, m) => mutate(value, m), clone(body ?? {}));
      }
      const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
        encoded(scalarText(params?.[name]) || 'x'),
      );
      const url = path.replace(/\*$/, () => encoded(scalarText(params?.['*']) || 'x')) + queryText(query);
      const headers: Record<string, string> = {};
      let payload: string | Buffer | undefined;
      if (route.method !== 'GET' && route.method !== 'DELETE') {
        if (route.bodyKind === 'multipart' && !rawBody) {
          const fields: Record<string, string | { name: string; type: string; content: Buffer }> = {};
          const schemaProperties = ((route.body as Schema | undefined)?.properties ?? {}) as Record<string, Schema>;
          for (const name of Object.keys(schemaProperties)) {
            if (schemaProperties[name]?.type === undefined) fields[name] = fileOf(file);
          }
          if (body && typeof body === 'object')
            for (const [name, value] of Object.entries(body))
              if (!(name in fields) && value !== undefined && value !== null) fields[name] = scalarText(value);
          const encoded = await encodeMultipart(fields);
          headers['content-type'] = encoded.contentType;
          payload = Buffer.from(encoded.bytes);
        } else if (body !== undefined || rawBody) {
          headers['content-type'] = contentType ?? 'application/json';
          payload = rawBody ?? JSON.stringify(body);
        }
      }
      const shown = (text: string | undefined) =>
        text && text.length > 300 ? `${text.slice(0, 300)}… (${text.length})` : text;
      return {
        method: route.method,
        url,
        headers,
        ...(payload !== undefined ? { payload } : {}),
        description: `${route.method} ${shown(url)} ${headers['content-type'] ?? ''} ${shown(typeof payload === 'string' ? payload : payload ? `<${payload.length} bytes>` : '') ?? ''}`,
      };
    });
}
