import { createClient, messages, routes, type MultipartValue, type Transport } from '@openyard/contracts';
import { formDataOf } from './formDataOf';

export interface ApiErrorDetails {
  code?: string;
  correlationId?: string;
  // A read loads what a screen shows; an action is something the user asked for (a save, a
  // delete, an export), whose refusal the screen reports instead of leaving the page.
  action?: boolean;
  // The request field the server's message is about (a validation error), e.g. 'email'.
  field?: string;
}

export class ApiError extends Error {
  readonly code?: string;
  readonly correlationId?: string;
  readonly action: boolean;
  readonly field?: string;

  constructor(
    readonly status: number,
    message: string,
    details: ApiErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = details.code;
    this.correlationId = details.correlationId;
    this.action = details.action ?? false;
    this.field = details.field;
  }
}

type Listener = (error: ApiError) => void;

const listeners = new Set<Listener>();

// The shell listens here for 401 (log out), 403 (403 page, locked feature) and 502/503/504/unreachable (modal).
export function onApiError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Gateways answer these when the server behind them is down or too slow: the server is unreachable.
const GATEWAY_STATUSES = new Set([502, 503, 504]);

// No answer at all (status 0) or a gateway's: the unreachable flag or modal of spec 1 §8.
export function isUnreachableStatus(status: number): boolean {
  return status === 0 || GATEWAY_STATUSES.has(status);
}

interface RequestOptions {
  // A GET the user asked for (an export, a map of chosen containers) rather than a screen's data.
  action?: boolean;
  bytes?: boolean;
  // The body is a form's fields, sent as multipart/form-data (an upload route).
  multipart?: boolean;
  headers?: Readonly<Record<string, string>>;
}

function bodyOf(body: unknown, multipart: boolean): { payload: BodyInit; contentType?: string } | undefined {
  if (body === undefined) return undefined;
  if (multipart) return { payload: formDataOf(body as Record<string, MultipartValue>) };
  return { payload: JSON.stringify(body), contentType: 'application/json' };
}

// Every request carries the current route in the PagePath header (spec 1 §7); the server uses it
// for the landing-page create/update rule and logs it. `url` has its query string already.
async function request(method: string, url: string, body: unknown, options: RequestOptions = {}): Promise<unknown> {
  const action = options.action ?? method !== 'GET';
  const sent = bodyOf(body, options.multipart ?? false);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        PagePath: window.location.pathname,
        ...options.headers,
        ...(sent?.contentType ? { 'Content-Type': sent.contentType } : {}),
      },
      body: sent?.payload,
    });
  } catch {
    const error = new ApiError(0, messages.serverUnreachable, { code: 'UNREACHABLE', action });
    for (const listener of listeners) listener(error);
    throw error;
  }
  if (response.ok && options.bytes) return response.arrayBuffer();
  const text = await response.text();
  const data: unknown = text ? parseJson(text) : undefined;
  if (!response.ok) {
    // A proxy's or gateway's own page (HTML, plain text) is no message for a person.
    const payload = (isObject(data) ? data : {}) as {
      message?: string;
      code?: string;
      correlationId?: string;
      field?: string;
    };
    const fallback = GATEWAY_STATUSES.has(response.status) ? messages.serverUnreachable : messages.unknownError;
    const error = new ApiError(response.status, payload.message ?? fallback, {
      code: payload.code,
      correlationId: payload.correlationId,
      action,
      field: payload.field,
    });
    for (const listener of listeners) listener(error);
    throw error;
  }
  return data === undefined && text ? { message: text } : data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The route catalogue's calls over this module's fetch (PagePath header, ApiError, the shell's listeners).
const webTransport: Transport = (call) =>
  request(call.method, call.url, call.body, {
    ...(call.options.action === undefined ? {} : { action: call.options.action }),
    ...(call.route.responseKind === 'bytes' ? { bytes: true } : {}),
    ...(call.route.bodyKind === 'multipart' ? { multipart: true } : {}),
    ...(call.options.headers ? { headers: call.options.headers } : {}),
  });

// Every screen calls the server through this: `api.containers.inYard({ query })`, typed by the catalogue.
export const api = createClient(routes, webTransport);

// Downloads a file the server wrote for an export (`filePath` of the export reply).
export function downloadFile(filePath: string): void {
  const link = document.createElement('a');
  link.href = filePath;
  link.download = filePath.split('/').pop() ?? 'export';
  document.body.append(link);
  link.click();
  link.remove();
}
