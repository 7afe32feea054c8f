import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, errorMessage, type ErrorName } from '@meetflow/shared/errors';
import { fieldMessage, isFieldMessageKey } from '@meetflow/shared/field-messages';
import { languageFromHeader } from '@meetflow/shared/languages';
import { localizeIssues } from '@meetflow/shared/validation';
import { isConnectionLost, isStatementTimeout } from '../db/db-errors.ts';
import { AppError } from '../lib/app-error.ts';
import { baseHeaders } from './security.ts';

function send(reply: FastifyReply, request: FastifyRequest, name: ErrorName, data: unknown = null) {
  return reply
    .status(ERRORS[name].status)
    .send({ code: ERRORS[name].code, message: errorMessage(name, request.lang), data });
}

/** Fastify's own error codes that map onto catalogue entries; anything else unknown is a 500. */
const FRAMEWORK_ERRORS: Record<string, ErrorName> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
};

/**
 * One place turns every failure into the envelope. Unexpected errors are logged server-side and
 * answered with a generic message: no stack traces, SQL or internals reach the client.
 */
function answerError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
    let data = error.data;
    const fields = (data as { fields?: Record<string, string> } | null)?.fields;
    if (fields) {
      const localized = Object.fromEntries(
        Object.entries(fields).map(([k, v]) => [k, isFieldMessageKey(v) ? fieldMessage(v, request.lang) : v]),
      );
      data = { fields: localized };
    }
    return send(reply, request, error.errorName, data);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      ...(v.params as object),
      code: v.keyword,
      message: v.message,
      path: v.instancePath.split('/').filter(Boolean),
    }));
    return send(reply, request, 'VALIDATION_FAILED', { fields: localizeIssues(issues, request.lang) });
  }
  const mapped = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (mapped) return send(reply, request, mapped);
  if (error.statusCode === 429) return send(reply, request, 'RATE_LIMITED');
  // Prototype poisoning and other client mistakes arrive as 4xx errors from the framework.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return send(reply, request, error.statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST');
  }
  if (isConnectionLost(error)) {
    request.log.warn(
      { dependency: 'postgresql', reason: error.code ?? error.message },
      'database connection lost',
    );
    reply.header('retry-after', '1');
    return send(reply, request, 'SERVICE_UNAVAILABLE');
  }
  if (isStatementTimeout(error)) {
    // Logged with its route so that the operator finds the slow statement; the SQL stays out of the answer.
    request.log.warn(
      { dependency: 'postgresql', route: request.routeOptions.url, reason: error.message },
      'statement timeout',
    );
    reply.header('retry-after', '5');
    return send(reply, request, 'SERVICE_UNAVAILABLE');
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, request, 'INTERNAL');
}

export const errorHandling = fp(async (app) => {
  app.setErrorHandler(answerError);
});

/**
 * Fastify's `frameworkErrors`: a URL the router cannot take (broken percent-encoding, an over-long
 * parameter) fails before any hook runs, so its language and headers are set here.
 */
export function answerRoutingError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.lang = languageFromHeader(request.headers['accept-language']);
  reply.headers(baseHeaders(request.url));
  return answerError(error, request, reply);
}
