import { messages } from '@openyard/contracts';

// Every request carries the current route in the PagePath header (spec 1 §7); the server uses it
// for the landing-page create/update rule and logs it.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly correlationId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;
type Listener = (error: ApiError) => void;

const listeners = new Set<Listener>();

// The shell listens here for 401 (log out), 403 (public 403 page) and 503/unreachable (modal).
export function onApiError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      credentials: 'same-origin',
      headers: {
        PagePath: window.location.pathname,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    const error = new ApiError(0, messages.serverUnreachable, 'UNREACHABLE');
    for (const listener of listeners) listener(error);
    throw error;
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const payload = (data ?? {}) as { message?: string; code?: string; correlationId?: string };
    const error = new ApiError(
      response.status,
      payload.message ?? messages.unknownError,
      payload.code,
      payload.correlationId,
    );
    for (const listener of listeners) listener(error);
    throw error;
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { message: text };
  }
}

export const http = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body?: unknown, query?: Query) => request<T>('POST', path, body ?? {}, query),
  put: <T>(path: string, body?: unknown, query?: Query) => request<T>('PUT', path, body ?? {}, query),
  delete: <T>(path: string, query?: Query) => request<T>('DELETE', path, undefined, query),
};

// Downloads a file the server wrote for an export (`filePath` of the export reply).
export function downloadFile(filePath: string): void {
  const link = document.createElement('a');
  link.href = filePath;
  link.download = filePath.split('/').pop() ?? 'export';
  document.body.append(link);
  link.click();
  link.remove();
}
