import type { FileAnswer } from '@meetflow/shared/forms/form-engine';
import type { CertificateVerification, GuestCertificateStatus } from '@meetflow/shared/schemas/certificates';
import type { GuestConfirmationMail } from '@meetflow/shared/schemas/mail';
import type { GuestPersonalData } from '@meetflow/shared/schemas/privacy';
import type {
  GuestTokenResult,
  LookupResult,
  PublicGuest,
  PublicMeeting,
} from '@meetflow/shared/schemas/public';
import type { MeetingWaitlistEntry, WaitlistOffer } from '@meetflow/shared/schemas/waitlist';
import type { PublicApplication } from '@meetflow/shared/schemas/approval';
import type { PublicInvitation } from '@meetflow/shared/schemas/invitations';
import { currentLanguage } from '../../lib/i18n.ts';
import { GUEST_TOKEN_KEY, readJson, removeKey, writeJson } from '../../lib/storage.ts';

/**
 * The visitor pages' API client: plain fetch (no query library) to keep the sign-up page
 * light. Sends Accept-Language and the guest token header, unwraps the `{code, message, data}`
 * envelope and throws PublicApiError for anything else.
 */

/** Envelope codes the pages react to (see packages/shared/src/errors.ts; checked by a unit test). */
export const PUBLIC_ERROR_CODES = {
  VALIDATION_FAILED: 40001,
  NOT_FOUND: 40400,
  NO_MEETING: 40450,
  INVALID_INFO: 40451,
  GUEST_TOKEN_INVALID: 40150,
  REGISTRATION_CLOSED: 40950,
  MEETING_FULL: 40951,
  SESSION_FULL: 40952,
  ALREADY_SIGNED_UP: 40953,
  ALREADY_WAITING: 40955,
  WAITLIST_FULL: 40956,
  OFFER_NOT_OPEN: 40957,
  WAITLIST_ENTRY_NOT_FOUND: 40452,
  RATE_LIMITED: 42900,
  LOGIN_CODE_WRONG: 40061,
  CERTIFICATE_NOT_FOUND: 40460,
  CERTIFICATE_REVOKED: 40960,
  CERTIFICATE_NOT_AVAILABLE: 40961,
  /** The guest page of a token that is an application's, not (yet) a guest's (issue 45). */
  APPLICATION_WAITING: 40924,
  ALREADY_APPLIED: 40922,
} as const;

/** Local code for a failed exchange without an envelope (offline, proxy error page…). */
export const NETWORK_FAILURE = -1;

export class PublicApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;

  constructor(message: string, code: number, status: number, data: unknown) {
    super(message);
    this.name = 'PublicApiError';
    this.code = code;
    this.status = status;
    this.data = data;
  }

  /** Per-field messages of a validation failure (already localised by the server). */
  get fields(): Record<string, string> {
    const fields = (this.data as { fields?: unknown } | null)?.fields;
    if (typeof fields !== 'object' || fields === null) return {};
    return Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
}

export async function publicRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { body?: unknown; guestToken?: string; groupToken?: string; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.guestToken) headers['X-Guest-Token'] = options.guestToken;
  if (options.groupToken) headers['X-Group-Token'] = options.groupToken;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'omit',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new PublicApiError('', NETWORK_FAILURE, 0, null);
  }
  return unwrap<T>(response);
}

/** The envelope's data, or the PublicApiError it (or its absence) stands for. */
async function unwrap<T>(response: Response): Promise<T> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: handled below as a transport failure.
  }
  if (typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number') {
    const envelope = body as { code: number; message?: string; data?: unknown };
    if (envelope.code === 0) return envelope.data as T;
    throw new PublicApiError(envelope.message ?? '', envelope.code, response.status, envelope.data ?? null);
  }
  throw new PublicApiError('', NETWORK_FAILURE, response.status, null);
}

/**
 * A file the guest's token opens (their certificate): the bytes and the server's file name. Errors
 * come as the usual envelope and are thrown like publicRequest's.
 */
export async function guestFile(
  path: string,
  guestToken: string,
): Promise<{ blob: Blob; name: string | null }> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      headers: { 'Accept-Language': currentLanguage(), 'X-Guest-Token': guestToken },
      credentials: 'omit',
    });
  } catch {
    throw new PublicApiError('', NETWORK_FAILURE, 0, null);
  }
  if (!response.ok || (response.headers.get('Content-Type') ?? '').includes('application/json')) {
    return unwrap(response);
  }
  try {
    const blob = await response.blob();
    return { blob, name: fileNameOf(response.headers.get('Content-Disposition')) };
  } catch {
    throw new PublicApiError('', NETWORK_FAILURE, response.status, null);
  }
}

/** The file name of a Content-Disposition header (the UTF-8 form first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // Fall through to the plain form.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || null;
}

const meetingPath = (publicId: string) => `/public/meetings/${encodeURIComponent(publicId)}`;

/**
 * A file for a file field of the meeting's form (multipart `file`): the answer the sign-up then
 * sends for the field. The server judges the type by the bytes.
 */
async function uploadAnswerFile(publicId: string, file: Blob, name: string): Promise<FileAnswer> {
  const body = new FormData();
  body.set('file', file, name);
  let response: Response;
  try {
    response = await fetch(`/api${meetingPath(publicId)}/uploads`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Accept-Language': currentLanguage() },
      body,
      credentials: 'omit',
    });
  } catch {
    throw new PublicApiError('', NETWORK_FAILURE, 0, null);
  }
  return unwrap<FileAnswer>(response);
}

export const publicApi = {
  meeting: (publicId: string, signal?: AbortSignal) =>
    publicRequest<PublicMeeting>('GET', meetingPath(publicId), { signal }),
  signUp: (publicId: string, body: unknown) =>
    publicRequest<GuestTokenResult>('POST', `${meetingPath(publicId)}/sign-ups`, { body }),
  uploadAnswerFile,
  /** A guest token, or `code_sent` where the meeting also asks for a code sent to the guest's e-mail. */
  lookup: (publicId: string, body: { area_code: string; phone: string }) =>
    publicRequest<LookupResult>('POST', `${meetingPath(publicId)}/lookup`, { body }),
  /** The look-up's second step: the six digits from the e-mail. */
  verifyLookup: (publicId: string, body: { area_code: string; phone: string; code: string }) =>
    publicRequest<GuestTokenResult>('POST', `${meetingPath(publicId)}/lookup/verify`, { body }),
  /** "Send my code to my e-mail": null whether or not the address signed up (no enumeration). */
  codeByEmail: (publicId: string, email: string) =>
    publicRequest<null>('POST', `${meetingPath(publicId)}/code-by-email`, { body: { email } }),
  /** Opts the guest of an unsubscribe link out of organisers' broadcasts (the token goes in the query). */
  unsubscribe: (token: string) =>
    publicRequest<null>('POST', `/public/unsubscribe?token=${encodeURIComponent(token)}`, { body: {} }),
  guest: (guestToken: string, signal?: AbortSignal) =>
    publicRequest<PublicGuest>('GET', '/public/guest', { guestToken, signal }),
  enrol: (guestToken: string, scheduleId: number) =>
    publicRequest<PublicGuest>('POST', '/public/guest/enrolments', {
      guestToken,
      body: { schedule_id: scheduleId },
    }),
  cancel: (guestToken: string, scheduleId: number) =>
    publicRequest<PublicGuest>('DELETE', `/public/guest/enrolments/${scheduleId}`, { guestToken }),
  /** The place of a visitor on the meeting's waiting list (their token from the sign-up or look-up). */
  waitlist: (guestToken: string, signal?: AbortSignal) =>
    publicRequest<MeetingWaitlistEntry>('GET', '/public/waitlist', { guestToken, signal }),
  leaveWaitlist: (guestToken: string) =>
    publicRequest<MeetingWaitlistEntry>('DELETE', '/public/waitlist', { guestToken }),
  /** A guest joins a full session's waiting list (or is simply enrolled when a seat is free). */
  joinSessionWaitlist: (guestToken: string, scheduleId: number) =>
    publicRequest<PublicGuest>('POST', '/public/guest/waitlist', {
      guestToken,
      body: { schedule_id: scheduleId },
    }),
  /** Leaves a session's waiting list, or declines the seat it holds for the guest. */
  leaveSessionWaitlist: (guestToken: string, scheduleId: number) =>
    publicRequest<PublicGuest>('DELETE', `/public/guest/waitlist/${scheduleId}`, { guestToken }),
  /** What an offer holds (POST: the offer token stays out of URLs and logs). */
  offer: (offerToken: string) =>
    publicRequest<WaitlistOffer>('POST', '/public/waitlist/offer', { body: { token: offerToken } }),
  /** Takes the seat: answers the guest and a new guest token for this device. */
  acceptOffer: (offerToken: string) =>
    publicRequest<GuestTokenResult>('POST', '/public/waitlist/offer/accept', { body: { token: offerToken } }),
  declineOffer: (offerToken: string) =>
    publicRequest<WaitlistOffer>('POST', '/public/waitlist/offer/decline', { body: { token: offerToken } }),
  /** Where the guest's confirmation mail went (masked), or null when the meeting sends none. */
  confirmationMail: (guestToken: string, signal?: AbortSignal) =>
    publicRequest<GuestConfirmationMail>('GET', '/public/guest/confirmation-mail', { guestToken, signal }),
  resendConfirmation: (guestToken: string) =>
    publicRequest<GuestConfirmationMail>('POST', '/public/guest/confirmation-mail/resend', { guestToken }),
  /** Whether the guest's meeting hands out certificates, and where the guest stands. */
  guestCertificate: (guestToken: string, signal?: AbortSignal) =>
    publicRequest<GuestCertificateStatus>('GET', '/public/guest/certificate', { guestToken, signal }),
  /** The guest's certificate as PDF (issued on the first download once earned). */
  guestCertificatePdf: (guestToken: string) => guestFile('/public/guest/certificate/pdf', guestToken),
  /** Everything held about the guest (issue 20): their own copy, shown and downloaded as JSON. */
  guestData: (guestToken: string, signal?: AbortSignal) =>
    publicRequest<GuestPersonalData>('GET', '/public/guest/data', { guestToken, signal }),
  /** The guest withdraws their sign-up: seats freed, personal data erased; the token stops working. */
  withdraw: (guestToken: string) => publicRequest<null>('DELETE', '/public/guest', { guestToken }),
  /** Whether an invitation code would be accepted (POST: the code stays out of URLs and logs). */
  checkInvitation: (publicId: string, code: string) =>
    publicRequest<PublicInvitation>('POST', `${meetingPath(publicId)}/invitations/check`, { body: { code } }),
  /** Anyone checking a certificate code (404 CERTIFICATE_NOT_FOUND when there is none). */
  verifyCertificate: (code: string, signal?: AbortSignal) =>
    publicRequest<CertificateVerification>('GET', `/public/certificates/${encodeURIComponent(code)}`, {
      signal,
    }),
};

/** What a stored token opens: the guest's page, or (not yet a guest) a place on the meeting's waiting list. */
export type Visitor =
  | { kind: 'guest'; guest: PublicGuest }
  | { kind: 'waiting'; entry: MeetingWaitlistEntry }
  /** A sign-up awaiting approval without a seat, or rejected (issue 45). */
  | { kind: 'application'; application: PublicApplication };

/** The meeting whose guest, waiting place or application the visitor is. */
export function visitorMeetingId(v: Visitor): string {
  if (v.kind === 'guest') return v.guest.meeting_public_id;
  return v.kind === 'waiting' ? v.entry.meeting_public_id : v.application.meeting_public_id;
}

/**
 * The application a guest-page refusal carries: a token given for a sign-up awaiting approval without
 * a seat (or rejected) is answered 409 APPLICATION_WAITING with `data.application` (issue 45).
 */
export function applicationOfRefusal(error: unknown): PublicApplication | null {
  if (!(error instanceof PublicApiError && error.code === PUBLIC_ERROR_CODES.APPLICATION_WAITING))
    return null;
  return (error.data as { application?: PublicApplication } | null)?.application ?? null;
}

/**
 * The token from a sign-up or look-up is a guest's, a waiting visitor's (which turns into a guest's
 * once they are given a seat) or an applicant's without a seat (the same token opens the guest page
 * once approved): the guest page is tried first, the waiting list when the server knows no guest and
 * no application by it. Whatever the list answers (GUEST_TOKEN_INVALID too) is thrown.
 */
export async function loadVisitor(token: string, signal?: AbortSignal): Promise<Visitor> {
  try {
    return { kind: 'guest', guest: await publicApi.guest(token, signal) };
  } catch (error) {
    const application = applicationOfRefusal(error);
    if (application) return { kind: 'application', application };
    if (!(error instanceof PublicApiError && error.code === PUBLIC_ERROR_CODES.GUEST_TOKEN_INVALID))
      throw error;
  }
  const entry = await publicApi.waitlist(token, signal);
  // Given a seat between the two reads: the token opens the guest page now.
  if (entry.status === 'promoted') return { kind: 'guest', guest: await publicApi.guest(token, signal) };
  return { kind: 'waiting', entry };
}

/** The token no longer opens anything (a new sign-up elsewhere, a deleted guest…): ask for a look-up. */
export function isTokenLost(error: unknown): boolean {
  return (
    error instanceof PublicApiError &&
    (error.code === PUBLIC_ERROR_CODES.GUEST_TOKEN_INVALID ||
      error.code === PUBLIC_ERROR_CODES.WAITLIST_ENTRY_NOT_FOUND)
  );
}

export const fileUrl = (fileId: string) => `/api/files/${encodeURIComponent(fileId)}`;

/** The guest token of one meeting lives in local storage as mf_guest_<publicId>, never in the URL. */
const tokenKey = (publicId: string) => `${GUEST_TOKEN_KEY}${publicId}`;

export function readGuestToken(publicId: string): string | null {
  const value = readJson<unknown>(tokenKey(publicId), null);
  return typeof value === 'string' && value ? value : null;
}

export function saveGuestToken(publicId: string, token: string): void {
  writeJson(tokenKey(publicId), token);
}

export function forgetGuestToken(publicId: string): void {
  removeKey(tokenKey(publicId));
}
