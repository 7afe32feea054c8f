import { ERRORS } from '@meetflow/shared/errors';
import type { ScanUnpaid } from '@meetflow/shared/schemas/attendance';
import { formatAmount } from '@meetflow/shared/schemas/payments';
import { ApiError } from '../../lib/http-errors.ts';
import type { ScanAnswer, ScanType } from '../../lib/attendance-types.ts';
import { isTransportFailure } from './scan-retry.ts';
import type { ScanTone } from './scan-tone.ts';

/** What the scan screen shows and plays for one scan. Texts are i18n keys or the server's own words. */
export interface ScanFeedback {
  tone: ScanTone;
  /** i18n key of the big result line. */
  headlineKey: string;
  guestName: string | null;
  userType: string | null;
  type: ScanType | null;
  /** The server's reason for a refusal, or null. */
  reason: string | null;
  /** i18n key of a local explanation (network trouble), or null. */
  noteKey: string | null;
  previousAt: number | null;
  code: string;
  at: number;
  /** Judged by the station's own copy while the server was out of reach. */
  offline: boolean;
  /** Refused for an unpaid order (issue 44): shown as "Unpaid", with what is due when the server said. */
  unpaid: boolean;
  due: ScanUnpaid | null;
}

/** An amount as the door shows it: the currency code, then the amount (HKD 1,500.00). */
export const moneyText = (of: { currency: string }, minor: number) => `${of.currency} ${formatAmount(minor)}`;

export const TONE_COLORS: Record<ScanTone, { background: string; border: string; text: string }> = {
  success: { background: '#f6ffed', border: '#52c41a', text: '#237804' },
  duplicate: { background: '#fffbe6', border: '#faad14', text: '#ad6800' },
  refused: { background: '#fff1f0', border: '#ff4d4f', text: '#a8071a' },
};

/** A server's answer, or the station's own in its shape (offline, with the refusal's reason as a key). */
export function feedbackForAnswer(
  answer: ScanAnswer & { offline?: boolean; reasonKey?: string | null },
  code: string,
): ScanFeedback {
  const tone: ScanTone = answer.result;
  const unpaid =
    tone === 'refused' &&
    (answer.reason_code === ERRORS.GUEST_UNPAID.code || answer.reasonKey === 'station.reasons.unpaid');
  return {
    tone,
    // Success says the spec's "Save Successful"; the others name the result, an unpaid guest as such.
    headlineKey:
      tone === 'success'
        ? 'message.saveSuccess'
        : unpaid
          ? 'attendance.results.unpaid'
          : `attendance.results.${tone}`,
    guestName: answer.guest?.name ?? null,
    userType: answer.guest?.user_type_name ?? null,
    type: answer.type,
    reason: tone === 'refused' ? answer.reason : null,
    noteKey: answer.reasonKey ?? null,
    previousAt: tone === 'duplicate' ? answer.previous_at : null,
    code,
    at: answer.at,
    offline: answer.offline ?? false,
    unpaid,
    due: unpaid ? (answer.unpaid ?? null) : null,
  };
}

/**
 * A scan the server refused with an error answer (unknown code, no permission…) or that never got an
 * answer: both are shown in red, the latter with a plea to scan again.
 */
export function feedbackForError(error: unknown, code: string, at: number): ScanFeedback {
  const transport = isTransportFailure(error);
  return {
    tone: 'refused',
    headlineKey: 'attendance.results.refused',
    guestName: null,
    userType: null,
    type: null,
    reason: !transport && error instanceof ApiError ? error.message : null,
    noteKey: transport ? 'attendance.offline' : null,
    previousAt: null,
    code,
    at,
    offline: false,
    unpaid: false,
    due: null,
  };
}
