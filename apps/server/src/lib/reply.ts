import type { FastifyRequest } from 'fastify';
import { errorMessage } from '@meetflow/shared/errors';

/** The success envelope, with "Success" in the request's language. */
export function ok<T>(request: FastifyRequest, data: T) {
  return { code: 0, message: errorMessage('OK', request.lang), data };
}
