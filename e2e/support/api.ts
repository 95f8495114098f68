import { ApiCallError, createClient, createFetchTransport, routes, type User } from '@openyard/contracts';

// The catalogue's typed client for test data: API clients authenticate with the login reply's
// token (Bearer). A refusal throws ApiCallError (status, code, message).
export function apiClient(baseUrl: string, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return createClient(
    routes,
    createFetchTransport({
      baseUrl,
      fetch,
      headers: () => headers,
    }),
  );
}

export type ApiClient = ReturnType<typeof apiClient>;

export async function loginToken(baseUrl: string, username: string, password: string): Promise<string> {
  return (await apiClient(baseUrl).auth.login({ body: { username, password } })).token;
}

export async function roleId(baseUrl: string, token: string, name: string): Promise<number> {
  const page = await apiClient(baseUrl, token).roles.page({ query: { skip: 1, limit: 100 } });
  const role = page.roles.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
  if (!role) throw new Error(`no role named ${name}`);
  return role.id;
}

export async function createUser(
  baseUrl: string,
  token: string,
  user: { username: string; password: string; role: string },
): Promise<User> {
  const id = await roleId(baseUrl, token, user.role);
  const saved = await apiClient(baseUrl, token).users.create({
    body: { username: user.username, password: user.password, confirmPassword: user.password, role: { id } },
  });
  return saved.user;
}

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

// The refusal of a call that must be refused (its status, code and the server's words).
export async function refusalOf(call: Promise<unknown>): Promise<ApiCallError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiCallError) return error;
    throw error;
  }
  throw new Error('expected a refusal, got an answer');
}
