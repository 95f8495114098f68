import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { ErrorResponse, type RouteGroup, type RouteOutput, type RouteSpec } from '@openyard/contracts';
import { readMultipartBody } from './multipart';

type StaticOf<S> = S extends TSchema ? Static<S> : unknown;

// A handler's request, typed by its route's declaration.
export type RouteRequest<R extends RouteSpec> = FastifyRequest<{
  Params: StaticOf<R['params']>;
  Querystring: StaticOf<R['query']>;
  Body: StaticOf<R['body']>;
}>;

// A handler answers the route's response, or sends the reply itself (files, bytes, headers).
export type RouteHandler<R extends RouteSpec> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => RouteOutput<R> | FastifyReply | Promise<RouteOutput<R> | FastifyReply>;

export type RouteHandlers<G extends RouteGroup> = { readonly [K in keyof G]: RouteHandler<G[K]> };

// What only the server knows about a route: its own rate limit, body limit, upload parsing, a
// device login checked before the body is read (onRequest). `rateLimit: false`: the route's hooks
// limit it themselves (the public calls, lib/public-limits.ts), not the API's limit.
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'onRequest' | 'preValidation' | 'preHandler'> & {
  readonly rateLimit?: RateLimitOptions | false;
  // The largest file part of a multipart route (contracts' UPLOAD_MAX_BYTES unless given).
  readonly maxFileBytes?: number;
};

// The error answers every route may give, in the one shape the errors plugin writes.
export const COMMON_ERROR_RESPONSES = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  413: ErrorResponse,
  429: ErrorResponse,
} as const;

// Registers a group of the route catalogue: every route of the group needs its handler (a missing
// one is a compile error), and the declaration's schemas, access and feature flag go to Fastify.
export function registerRoutes<G extends RouteGroup>(
  app: FastifyInstance,
  group: G,
  handlers: RouteHandlers<G>,
  extras: { readonly [K in keyof G]?: RouteExtras } = {},
): void {
  for (const name of Object.keys(group) as (keyof G & string)[]) {
    const route = group[name]!;
    const { rateLimit, maxFileBytes, preValidation, ...options } = extras[name] ?? {};
    const success = route.responseKind === 'bytes' ? {} : { [route.status ?? 200]: route.response };
    const multipart = route.bodyKind === 'multipart';
    // An upload's parts become the body object before its schema validates it (the multipart
    // plugin of app.ts leaves the stream to the route).
    const readParts = async (request: FastifyRequest) => {
      request.body = await readMultipartBody(request, maxFileBytes);
    };
    const validations = [...(multipart ? [readParts] : []), ...(preValidation ? [preValidation].flat() : [])];
    app.route({
      method: route.method,
      url: route.path,
      ...options,
      ...(validations.length ? { preValidation: validations } : {}),
      config: {
        access: route.access,
        ...(route.feature ? { feature: route.feature } : {}),
        ...(route.changesState ? { changesState: true } : {}),
        ...(rateLimit !== undefined ? { rateLimit } : {}),
      },
      schema: {
        ...(route.tags ? { tags: [...route.tags] } : {}),
        ...(route.summary ? { summary: route.summary } : {}),
        ...(route.params ? { params: route.params } : {}),
        ...(route.query ? { querystring: route.query } : {}),
        ...(route.body ? { body: route.body } : {}),
        ...(multipart ? { consumes: ['multipart/form-data'] } : {}),
        response: { ...success, ...COMMON_ERROR_RESPONSES },
      },
      handler: handlers[name] as (request: FastifyRequest, reply: FastifyReply) => unknown,
    });
  }
}
