import {
  fillPath,
  isRouteSpec,
  queryString,
  type RouteCatalogue,
  type RouteGroup,
  type RouteInput,
  type RouteOutput,
  type RouteSpec,
  type EmptyInput,
} from './route';

// One typed client over the route catalogue: `api.users.page({ query })`. How a call travels
// (fetch in the browser, Fastify's inject in tests, fetch with a bearer token in bench and e2e) is
// the transport's business; the path, query and body are built here, once.

export interface CallOptions {
  // A GET the user asked for (an export, a map of chosen containers) rather than a screen's data.
  readonly action?: boolean;
  readonly headers?: Readonly<Record<string, string>>;
  // An AbortSignal (contracts has no DOM types).
  readonly signal?: { readonly aborted: boolean };
}

export interface CallRequest {
  readonly route: RouteSpec;
  readonly method: RouteSpec['method'];
  // Path with its parameters filled and the query string appended.
  readonly url: string;
  // The JSON body (undefined for routes without one); for a `bodyKind: 'multipart'` route, the
  // form's fields by name, which the transport sends as multipart/form-data.
  readonly body: unknown;
  readonly options: CallOptions;
}

// Sends one call and answers the decoded body (JSON, or bytes for `responseKind: 'bytes'`), or
// throws the transport's own error for a refusal.
export type Transport = (request: CallRequest) => Promise<unknown>;

type Call<R extends RouteSpec> =
  EmptyInput extends RouteInput<R>
    ? (input?: RouteInput<R>, options?: CallOptions) => Promise<RouteOutput<R>>
    : (input: RouteInput<R>, options?: CallOptions) => Promise<RouteOutput<R>>;

export type GroupClient<G extends RouteGroup> = { readonly [K in keyof G]: Call<G[K]> };
export type Client<C extends RouteCatalogue> = { readonly [K in keyof C]: GroupClient<C[K]> };

interface AnyInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

// The request of one call, as a transport gets it (exported for transports that need only a URL).
export function callRequest(route: RouteSpec, input: AnyInput = {}, options: CallOptions = {}): CallRequest {
  return {
    route,
    method: route.method,
    url: fillPath(route.path, input.params) + queryString(input.query),
    body: route.body ? (input.body ?? {}) : undefined,
    options,
  };
}

export function createGroupClient<G extends RouteGroup>(group: G, transport: Transport): GroupClient<G> {
  const calls: Record<string, unknown> = {};
  for (const [name, route] of Object.entries(group)) {
    if (!isRouteSpec(route)) throw new Error(`${name} is not a route`);
    calls[name] = (input?: AnyInput, options?: CallOptions) => transport(callRequest(route, input, options));
  }
  return calls as GroupClient<G>;
}

export function createClient<C extends RouteCatalogue>(catalogue: C, transport: Transport): Client<C> {
  const client: Record<string, unknown> = {};
  for (const [name, group] of Object.entries(catalogue)) client[name] = createGroupClient(group, transport);
  return client as Client<C>;
}
