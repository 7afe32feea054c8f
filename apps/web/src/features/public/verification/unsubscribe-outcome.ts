import { NETWORK_FAILURE, PUBLIC_ERROR_CODES, PublicApiError } from '../public-api.ts';

/**
 * What the unsubscribe page says of a refusal: the link is not valid (unknown or mangled token), the
 * network failed, the server's own message (too many tries), or a generic failure.
 */
export function unsubscribeOutcome(error: unknown): 'invalid' | 'network' | 'server' | 'failed' {
  if (!(error instanceof PublicApiError)) return 'failed';
  if (error.code === NETWORK_FAILURE) return 'network';
  if (
    error.code === PUBLIC_ERROR_CODES.NOT_FOUND ||
    error.code === PUBLIC_ERROR_CODES.VALIDATION_FAILED ||
    error.status === 404
  ) {
    return 'invalid';
  }
  return error.message ? 'server' : 'failed';
}
