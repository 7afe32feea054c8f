import type { CertificateRule } from '@meetflow/shared/schemas/certificates';
import { localDate, localDayBounds, localDayTime } from '../../lib/local-time.ts';
import type { Presence } from '../../core/presence.ts';

/* What a guest's time present earns: the meeting's days, and a certificate rule's conditions and credits. */

/** From the first moment of a meeting's first local day to the end of its last. */
export function meetingWindow(days: readonly string[], zone: string): { from: number; to: number } {
  if (days.length === 0) return { from: 0, to: 0 };
  return { from: localDayBounds(days[0]!, zone).from, to: localDayBounds(days.at(-1)!, zone).to };
}

/** The local days a meeting spans, first to last (at most 62). */
export function meetingDays(startAt: number, endAt: number, zone: string): string[] {
  const days: string[] = [];
  for (let at = startAt, n = 0; n < 62; n++) {
    const day = localDate(at, zone);
    if (day > localDate(endAt, zone)) break;
    days.push(day);
    at = localDayTime(at, 1, '00:00', zone);
  }
  return days;
}

export interface Attainment {
  earned: boolean;
  minutes: number;
  credits: number;
  /** Sessions attended (present there at least the rule's session minutes), by id. */
  sessions: number[];
  daysPresent: number;
}

/**
 * What a guest's presence earns under the rule. Every condition set must hold; a rule with none
 * set asks only that the guest came. Credits are the meeting's plus those of each session attended.
 */
export function attainment(rule: CertificateRule, presence: Presence, days: readonly string[]): Attainment {
  const sessions = [...presence.scopeMinutes]
    .filter(([scope, minutes]) => scope !== 0 && minutes >= rule.session_min_minutes)
    .map(([scope]) => scope)
    .sort((a, b) => a - b);
  const attended = new Set(sessions);
  const anyCondition = rule.min_minutes > 0 || rule.required_session_ids.length > 0 || rule.every_day;
  const earned =
    presence.days.size > 0 &&
    (!anyCondition ||
      (presence.minutes >= rule.min_minutes &&
        rule.required_session_ids.every((id) => attended.has(id)) &&
        (!rule.every_day || days.every((day) => presence.days.has(day)))));
  const sessionCredits = rule.session_credits
    .filter((entry) => attended.has(entry.schedule_id))
    .reduce((sum, entry) => sum + entry.credits, 0);
  const credits = earned ? Math.round((rule.meeting_credits + sessionCredits) * 100) / 100 : 0;
  return { earned, minutes: presence.minutes, credits, sessions, daysPresent: presence.days.size };
}
