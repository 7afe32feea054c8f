import { isTokenLost, NETWORK_FAILURE, PublicApiError } from '../public-api.ts';

/**
 * What the page does when sending the answers fails: 409 means the guest answered already (on this
 * or another device) or the evaluation closed meanwhile — the page reads it again to say which;
 * a lost token asks for the look-up; 404 or 403 says the evaluation is not open to this guest;
 * a refusal of some answers shows them per field; anything else keeps the answers to try again.
 */
export type SendFailure =
  | { kind: 'conflict' }
  | { kind: 'lost' }
  | { kind: 'notFound' }
  | { kind: 'fields'; fields: Record<string, string> }
  | { kind: 'retry'; network: boolean };

export function sendFailure(error: unknown): SendFailure {
  if (isTokenLost(error)) return { kind: 'lost' };
  if (!(error instanceof PublicApiError)) return { kind: 'retry', network: false };
  if (error.status === 409) return { kind: 'conflict' };
  // Not (or no longer) offered, or the attendance it asks for not met.
  if (error.status === 404 || error.status === 403) return { kind: 'notFound' };
  const fields = error.fields;
  if (error.status === 400 && Object.keys(fields).length > 0) return { kind: 'fields', fields };
  return { kind: 'retry', network: error.code === NETWORK_FAILURE };
}

/** An evaluation id from the address: a positive integer, or null (the page then says not found). */
export function evaluationIdOf(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}
