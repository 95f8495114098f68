import type { CallRequest, Transport } from './client';
import { encodeMultipart, type MultipartValue } from './multipart';

// The parts of fetch a transport uses (contracts has neither DOM nor Node types).
export interface FetchResponseLike {
  readonly status: number;
  readonly ok: boolean;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}
export type FetchLike = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string | Uint8Array;
    credentials?: 'same-origin';
    signal?: never;
  },
) => Promise<FetchResponseLike>;

// A refused call: the status and the server's error answer (spec texts in `message`).
export class ApiCallError extends Error {
  readonly code?: string;
  readonly correlationId?: string;
  readonly field?: string;

  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiCallError';
    const payload = isObject(body) ? body : {};
    if (typeof payload.code === 'string') this.code = payload.code;
    if (typeof payload.correlationId === 'string') this.correlationId = payload.correlationId;
    if (typeof payload.field === 'string') this.field = payload.field;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// The server's message of an error answer, when it has one.
export function errorMessageOf(body: unknown): string | undefined {
  return isObject(body) && typeof body.message === 'string' ? body.message : undefined;
}

// A call's body as sent: JSON, or a multipart form for an upload route; none without a body.
export async function encodeBody(
  request: CallRequest,
): Promise<{ contentType: string; payload: string | Uint8Array } | undefined> {
  if (request.body === undefined) return undefined;
  if (request.route.bodyKind === 'multipart') {
    const { contentType, bytes } = await encodeMultipart(request.body as Record<string, MultipartValue>);
    return { contentType, payload: bytes };
  }
  return { contentType: 'application/json', payload: JSON.stringify(request.body) };
}

// JSON (or a multipart upload) in, JSON (or bytes) out; a status of 400 or more throws an ApiCallError.
export function createFetchTransport({
  baseUrl = '',
  fetch,
  headers = () => ({}),
}: {
  baseUrl?: string;
  fetch: FetchLike;
  // Per call: a bearer token, a cookie, the PagePath header.
  headers?: (request: CallRequest) => Record<string, string>;
}): Transport {
  return async (request) => {
    const sent = await encodeBody(request);
    const response = await fetch(baseUrl + request.url, {
      method: request.method,
      headers: {
        ...headers(request),
        ...request.options.headers,
        ...(sent ? { 'content-type': sent.contentType } : {}),
      },
      ...(sent ? { body: sent.payload } : {}),
    });
    if (response.ok && request.route.responseKind === 'bytes') return response.arrayBuffer();
    const text = await response.text();
    const body = text ? parseJson(text) : undefined;
    if (!response.ok) throw new ApiCallError(response.status, errorMessageOf(body) ?? `HTTP ${response.status}`, body);
    return body;
  };
}
