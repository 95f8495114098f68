import type { LoginResponse, RolesPage, User, UserSaved } from '@openyard/contracts';

// REST helpers for test data: API clients authenticate with the login reply's token (Bearer).
export async function loginToken(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/rest/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login as ${username} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as LoginResponse).token;
}

async function call<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function roleId(baseUrl: string, token: string, name: string): Promise<number> {
  const page = await call<RolesPage>(baseUrl, token, 'GET', '/rest/enterprise/roles?skip=1&limit=100');
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
  const saved = await call<UserSaved>(baseUrl, token, 'POST', '/rest/enterprise/users', {
    username: user.username,
    password: user.password,
    confirmPassword: user.password,
    role: { id },
  });
  return saved.user;
}

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}
