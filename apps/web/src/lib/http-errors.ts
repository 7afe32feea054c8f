/** A failed API call: `code` is the envelope code, or a negative local code for transport failures. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number | undefined;
  readonly data: unknown;

  constructor(message: string, code: number, status: number | undefined, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

export const NETWORK_ERROR = -1;
export const TIMEOUT_ERROR = -2;
export const HTTP_STATUS_ERROR = -3;

export interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

export function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { code?: unknown }).code === 'number' &&
    'data' in body
  );
}

/**
 * The envelope codes and texts of a lost session (see packages/shared/src/errors.ts; checked by a
 * unit test). Copied rather than imported: the catalogue is ~5 KB gzip the first screen has no use for.
 */
export const SESSION_LOST = {
  UNAUTHORIZED: 40100,
  TOKEN_EXPIRED: 40101,
  SESSION_REVOKED: 40103,
  tokenExpiredMessages: ['token已過期', 'token已过期', 'token expired'],
} as const;

/**
 * Missing, expired and revoked sessions all end in a fresh login (a wrong password at login,
 * 40102, does not). The message comparison is the spec's own rule (§8) and survives a server that
 * forgets the code.
 */
export function isAuthFailure(code: number, message: string | undefined): boolean {
  return (
    code === SESSION_LOST.UNAUTHORIZED ||
    code === SESSION_LOST.TOKEN_EXPIRED ||
    code === SESSION_LOST.SESSION_REVOKED ||
    (message !== undefined && (SESSION_LOST.tokenExpiredMessages as readonly string[]).includes(message))
  );
}

export type FailureKind =
  | { kind: 'envelope'; code: number; message: string | undefined; data: unknown }
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'status'; status: number };

/** What the client saw of one exchange: no status when no answer came (offline, or timed out). */
export interface Exchange {
  status: number | undefined;
  body: unknown;
  timedOut: boolean;
}

/** Classifies a failed exchange; kept pure so the mapping is unit-tested. */
export function classifyFailure(input: Exchange): FailureKind {
  if (isEnvelope(input.body)) {
    return {
      kind: 'envelope',
      code: input.body.code,
      message: input.body.message || undefined,
      data: input.body.data,
    };
  }
  if (input.timedOut) return { kind: 'timeout' };
  if (input.status === undefined || input.status === 0) return { kind: 'network' };
  return { kind: 'status', status: input.status };
}
