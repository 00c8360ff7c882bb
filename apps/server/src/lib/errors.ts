import type { FastifyError, FastifyInstance } from 'fastify';
import { codeForStatus, errorBody, type ApiErrorCode } from '@store/contracts/api-errors';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { BODY_LIMIT } from './body-limit';
import { isConnectionError, isDataException, loggableError } from './pg-errors';

/**
 * Thrown by services; turned into `{ error, code, fields? }` with the given status. The code is
 * the status's generic one unless the client has something of its own to do (contracts'
 * apiErrorCodes).
 */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly fields?: Record<string, string>,
    public readonly code: ApiErrorCode = codeForStatus(statusCode),
  ) {
    super(message);
  }
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { keys?: unknown };
}

/** Turns zod issues into a field -> message map ('shippingAddress.postalCode': '...'). */
function fieldsFromIssues(
  issues: ValidationIssue[],
  context: string | undefined,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
    const keys = issue.params?.keys;
    if (Array.isArray(keys)) {
      for (const key of keys)
        fields[[path, String(key)].filter(Boolean).join('.')] = 'Unknown field';
      continue;
    }
    const name = path || context || 'request';
    fields[name] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/** 102400 → '100 KB', 3145728 → '3 MB': the limit of the route that refused the body. */
const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round(bytes / (1024 * 1024))} MB`
    : `${Math.round(bytes / 1024)} KB`;

/** A restart or failover usually takes seconds: a client may try again after this long. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send(errorBody(err.message, err.code, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = fieldsFromIssues(err.validation as ValidationIssue[], err.validationContext);
      const first = Object.entries(fields)[0];
      const error = first
        ? `Invalid ${err.validationContext ?? 'request'}: ${first[0]}: ${first[1]}`
        : 'Invalid request';
      return reply.code(400).send(errorBody(error, 'invalid_input', fields));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (413, 415, a malformed body…) and plugins' errors with a status
      const malformed = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError;
      const error =
        status === 413
          ? `Request body is too large (limit ${sizeLabel(request.routeOptions.bodyLimit ?? BODY_LIMIT)})`
          : malformed
            ? 'Malformed JSON body'
            : err.message;
      return reply
        .code(status)
        .send(
          errorBody(error, malformed && status === 400 ? 'malformed_json' : codeForStatus(status)),
        );
    }
    if (isDataException(err)) {
      request.log.warn({ err: loggableError(err) }, 'input the database refused');
      return reply
        .code(400)
        .send(errorBody('The request holds a value the store cannot accept', 'invalid_value'));
    }
    if (isConnectionError(err)) {
      // the transaction it was in rolled back with the connection; the pool reconnects
      request.log.warn({ err: loggableError(err) }, 'the database connection dropped');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(
          errorBody(
            'The store is briefly unavailable. Please try again in a moment.',
            'database_unavailable',
          ),
        );
    }
    request.log.error({ err: loggableError(err) }, 'unhandled error');
    return reply.code(500).send(errorBody('Internal server error', 'internal'));
  });
}
