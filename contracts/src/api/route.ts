import type { Static, TSchema } from 'typebox';
import type { FeatureFlags } from '../rules/menu';
import type { Access } from '../rules/permissions';

// A REST call of the catalogue (spec 3 §7), declared once: the server registers it from this
// declaration (schemas, access, feature flag, the common error answers) and every client (web,
// tests, e2e, bench, simulator) calls it through `createClient`, typed by the same schemas.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// The feature flag a route needs, by the key the menu and metadata use.
export type FeatureKey = keyof FeatureFlags;

// What the answer of a call is: JSON by the response schema (the default), or bytes (a file, an
// image) that a client receives as they are.
export type ResponseKind = 'json' | 'bytes';

// How a call's body travels: JSON by the body schema (the default), or multipart/form-data for
// uploads, whose body schema names the form's fields (files as `FileField`, see multipart.ts).
export type BodyKind = 'json' | 'multipart';

export interface RouteSpec {
  readonly method: HttpMethod;
  // Fastify's path syntax: `/rest/enterprise/users/:id`.
  readonly path: string;
  readonly params?: TSchema;
  readonly query?: TSchema;
  readonly body?: TSchema;
  readonly bodyKind?: BodyKind;
  // The success answer (status 200 unless `status` says otherwise).
  readonly response: TSchema;
  readonly status?: 200 | 201 | 202 | 204;
  readonly responseKind?: ResponseKind;
  readonly access: Access;
  readonly feature?: FeatureKey;
  // A GET that changes state (the spec's logout): checked for Origin like a POST.
  readonly changesState?: boolean;
  // OpenAPI grouping and a one-line description.
  readonly tags?: readonly string[];
  readonly summary?: string;
}

// Keeps the literal types of a declaration (method, path, schemas) for the typed client.
export function defineRoute<const R extends RouteSpec>(route: R): R {
  return route;
}

// A group of routes (one module's calls), or a catalogue of groups.
export type RouteGroup = { readonly [name: string]: RouteSpec };
export type RouteCatalogue = { readonly [group: string]: RouteGroup };

export function isRouteSpec(value: unknown): value is RouteSpec {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;
}

// The empty part of an input (a route without params, query or body).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type Nothing = {};

type Part<R, K extends 'params' | 'query' | 'body', Name extends string> = R extends { readonly [P in K]: infer S }
  ? S extends TSchema
    ? Nothing extends Static<S>
      ? { readonly [P in Name]?: Static<S> }
      : { readonly [P in Name]: Static<S> }
    : Nothing
  : Nothing;

// What a call takes: its path parameters, query and body, each present when the route has one.
export type { Nothing as EmptyInput };
export type RouteInput<R extends RouteSpec> = Part<R, 'params', 'params'> &
  Part<R, 'query', 'query'> &
  Part<R, 'body', 'body'>;

// What a call answers.
export type RouteOutput<R extends RouteSpec> = R extends { readonly responseKind: 'bytes' }
  ? ArrayBuffer
  : Static<R['response']>;

// Path and query values are scalars: text, numbers, booleans.
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

// `/rest/users/:id` with `{ id: 4 }` → `/rest/users/4` (values URL-encoded). A trailing wildcard
// (`/rest/frames/*`) takes the `'*'` parameter, a path whose segments are encoded one by one.
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  const value = (name: string) => {
    const given = params?.[name];
    if (given === undefined || given === null || given === '')
      throw new Error(`${path}: path parameter ${name} missing`);
    return text(given);
  };
  return path
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(value(name)))
    .replace(/\*$/, () => value('*').split('/').map(encodeURIComponent).join('/'));
}

// A query object as a query string: scalars as text, arrays as repeated keys; undefined, null
// and '' left out (the server's defaults apply). '' when nothing is left.
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item !== undefined && item !== null && item !== '')
        pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(text(item))}`);
    }
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}
