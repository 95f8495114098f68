import type { FastifyInstance } from 'fastify';
import {
  ApiCallError,
  createClient,
  createFetchTransport,
  encodeBody,
  errorMessageOf,
  parseJson,
  routes,
  type Transport,
} from '@openyard/contracts';

// The typed client of the route catalogue over Fastify's inject: what tests call the server with.
// `headers` go with every call (a bearer token, a PagePath); refusals throw ApiCallError, whose
// `status`, `code`, `field` and `message` the tests check.
export function injectTransport(app: FastifyInstance, headers: Record<string, string> = {}): Transport {
  return async (request) => {
    const sent = await encodeBody(request);
    const response = await app.inject({
      method: request.method,
      url: request.url,
      headers: {
        ...headers,
        ...request.options.headers,
        ...(sent ? { 'content-type': sent.contentType } : {}),
      },
      ...(sent ? { payload: typeof sent.payload === 'string' ? sent.payload : Buffer.from(sent.payload) } : {}),
    });
    if (response.statusCode < 400 && request.route.responseKind === 'bytes') {
      const bytes = response.rawPayload;
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    }
    const body = response.body ? parseJson(response.body) : undefined;
    if (response.statusCode >= 400)
      throw new ApiCallError(response.statusCode, errorMessageOf(body) ?? `HTTP ${response.statusCode}`, body);
    return body;
  };
}

export function testClient(app: FastifyInstance, headers: Record<string, string> = {}) {
  return createClient(routes, injectTransport(app, headers));
}

export type TestClient = ReturnType<typeof testClient>;

// The same client over HTTP, for tests of a running server (test stacks, processes): `headers` go
// with every call, `onResponse` sees each answer (a login's Set-Cookie).
export function httpClient(
  baseUrl: string,
  headers: Record<string, string> = {},
  onResponse?: (response: Response) => void,
) {
  return createClient(
    routes,
    createFetchTransport({
      baseUrl,
      headers: () => headers,
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        onResponse?.(response);
        return response;
      },
    }),
  );
}

// A call's outcome as status and body, answered or refused (the error answer then), for tests that
// check both the same way. A refusal that is not the server's (a network error) is thrown.
export async function outcome<T>(call: Promise<T>): Promise<{ status: number; body: T }> {
  try {
    return { status: 200, body: await call };
  } catch (error) {
    if (error instanceof ApiCallError) return { status: error.status, body: error.body as T };
    throw error;
  }
}
