import { createClient, createFetchTransport, routes } from '@openyard/contracts';

// The catalogue's typed client for the benches' setup and load calls: a bearer token with every
// call; a refusal throws ApiCallError. (Timing probes that only need a status keep plain fetch.)
export function benchClient(baseUrl: string, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return createClient(routes, createFetchTransport({ baseUrl, fetch, headers: () => headers }));
}

export type BenchClient = ReturnType<typeof benchClient>;

// Signs in as the demo superadmin: the client with its token, and the session cookie (for /ws).
export async function benchLogin(baseUrl: string, username = 'superadmin', password = 'demo') {
  let cookie = '';
  const session = createClient(
    routes,
    createFetchTransport({
      baseUrl,
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        cookie = response.headers.get('set-cookie')?.split(';')[0] ?? cookie;
        return response;
      },
    }),
  );
  const { token } = await session.auth.login({ body: { username, password } });
  return { token, cookie, api: benchClient(baseUrl, token) };
}
