import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages, validationProblem, type ErrorResponse } from '@openyard/contracts';
import { AppError } from '../errors';
import { databaseFailure, refusedRequestValue } from '../lib/database-errors';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

// How long a client is asked to wait before sending a request again that the database was too busy for.
const BUSY_RETRY_AFTER_S = 2;

function isBusy(error: unknown): boolean {
  const kind = databaseFailure(error)?.kind;
  return kind === 'concurrent' || kind === 'lockTimeout' || kind === 'statementTimeout';
}

// One error handler: typed errors carry the spec's texts; validation errors say which field;
// anything unexpected is logged with the request id and answered without details.
export const errorsPlugin = fp<{ webDir: string | undefined }>(
  async (app: FastifyInstance, { webDir }) => {
    app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
      const error = refusedRequestValue(thrown) ?? thrown;
      let body: ErrorResponse;
      if (error instanceof AppError) {
        if (error.statusCode >= 500)
          request.log.error({ err: error.cause ?? error, correlationId: request.id }, error.message);
        body = {
          statusCode: error.statusCode,
          error: STATUS_NAMES[error.statusCode] ?? 'Error',
          message: error.message,
          code: error.code,
          ...(error.field ? { field: error.field } : {}),
          ...(error.statusCode >= 500 ? { correlationId: request.id } : {}),
        };
      } else if ('validation' in error && error.validation) {
        // Words per field, never the schema's text; the route's schema may carry its own words.
        const schemas = request.routeOptions.schema as Record<string, unknown> | undefined;
        const context = error.validationContext ?? 'body';
        const problem = validationProblem(error.validation, schemas?.[context]);
        body = {
          statusCode: 400,
          error: 'Bad Request',
          message: problem.message,
          code: 'VALIDATION',
          ...(problem.field ? { field: problem.field } : {}),
        };
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        body = {
          statusCode: error.statusCode,
          error: STATUS_NAMES[error.statusCode] ?? 'Error',
          message: error.message || (error.statusCode === 429 ? messages.rateLimited : messages.unknownError),
          code: error.statusCode === 429 ? 'RATE_LIMITED' : error.code,
        };
      } else if (isBusy(error)) {
        // A lock or statement timeout or a lost race that no service answered: the transaction
        // rolled back, so the request can be sent again (a 500 would say something broke).
        request.log.warn({ err: error, correlationId: request.id }, 'database busy');
        void reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
        body = {
          statusCode: 503,
          error: STATUS_NAMES[503]!,
          message: messages.serverBusy,
          code: 'BUSY',
          correlationId: request.id,
        };
      } else {
        request.log.error({ err: error, correlationId: request.id }, 'request failed');
        body = {
          statusCode: 500,
          error: 'Internal Server Error',
          message: messages.internalError,
          correlationId: request.id,
        };
      }
      if (body.statusCode >= 400 && body.statusCode < 500)
        request.log.info({ statusCode: body.statusCode, code: body.code }, body.message);
      return reply.status(body.statusCode).send(body);
    });

    const indexHtml = webDir && existsSync(join(webDir, 'index.html'));
    app.setNotFoundHandler((request, reply) => {
      // The web app routes clean paths itself: any GET for a page that is not an API call gets it.
      if (
        indexHtml &&
        request.method === 'GET' &&
        !request.url.startsWith('/rest/') &&
        !request.url.startsWith('/docs')
      ) {
        return reply.type('text/html').sendFile('index.html');
      }
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: messages.notFound });
    });
  },
  { name: 'errors' },
);
