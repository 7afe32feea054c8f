import type { CertificateRow, CertificateRule } from '@meetflow/shared/schemas/certificates';
import type { VisibleMeeting } from '../../core/meeting-access.ts';
import { presenceOf } from '../../core/presence.ts';
import { attainment, meetingDays, meetingWindow, type Attainment } from './attainment.ts';
import { nameInLanguage } from './certificate-content.ts';
import type { CertificateCoreDeps as CoreDeps } from './certificate-core.ts';
import * as repo from './certificates.repository.ts';
import { awaitedEvaluations } from './evaluation-gate.ts';

/** Guests read per slice when a whole meeting is evaluated: one scan query each. */
const SLICE = 500;

/** What each guest's scans earn under the rule, read SLICE guests at a time. */
export async function standings(
  deps: CoreDeps,
  meeting: { id: number; start_at: number; end_at: number },
  rule: CertificateRule,
  guestIds: readonly number[],
): Promise<Map<number, Attainment>> {
  const { db, timeZone: zone } = deps;
  const days = meetingDays(meeting.start_at, meeting.end_at, zone);
  const window = meetingWindow(days, zone);
  const now = deps.clock();
  const result = new Map<number, Attainment>();
  for (let i = 0; i < guestIds.length; i += SLICE) {
    const slice = guestIds.slice(i, i + SLICE);
    const scans = await repo.findScans(db, meeting.id, slice);
    const byGuest = new Map<number, typeof scans>();
    for (const scan of scans) {
      let list = byGuest.get(scan.guest_id);
      if (!list) byGuest.set(scan.guest_id, (list = []));
      list.push(scan);
    }
    for (const id of slice)
      result.set(id, attainment(rule, presenceOf(byGuest.get(id) ?? [], now, zone, window), days));
  }
  return result;
}

/** A guest's standing under the whole rule: `earned` also asks the required evaluations. */
export interface Standing extends Attainment {
  /** Presence earned it and these required evaluations are not yet completed (and passed). */
  awaiting: number[];
}

/**
 * `standings` with the rule's evaluation switches applied after presence (issue 43): a guest whose
 * presence earned the certificate has earned it once every required evaluation is completed.
 */
export async function certificateStandings(
  deps: CoreDeps,
  meeting: { id: number; start_at: number; end_at: number },
  rule: CertificateRule,
  guestIds: readonly number[],
): Promise<Map<number, Standing>> {
  const figures = await standings(deps, meeting, rule, guestIds);
  const present = guestIds.filter((id) => figures.get(id)!.earned);
  const awaited = await awaitedEvaluations(deps.db, meeting.id, rule, present);
  return new Map(
    [...figures].map(([id, figure]) => {
      const awaiting = awaited.get(id) ?? [];
      return [id, { ...figure, earned: figure.earned && awaiting.length === 0, awaiting }];
    }),
  );
}

export function stateOf(
  earned: boolean,
  certificate: repo.CertificateRecord | undefined,
): CertificateRow['state'] {
  if (certificate) return certificate.revoked_at === null ? 'issued' : 'revoked';
  return earned ? 'earned' : 'not_earned';
}

/** Every live guest of the meeting with their figures and certificate. */
export async function rowsOf(
  deps: CoreDeps,
  meeting: VisibleMeeting,
  rule: CertificateRule,
  ids?: readonly number[],
) {
  const guests = await repo.findLiveGuests(deps.db, meeting.id, ids);
  const figures = await certificateStandings(
    deps,
    meeting,
    rule,
    guests.map((g) => g.id),
  );
  const certificates = new Map(
    (await repo.findCertificates(deps.db, meeting.id)).map((c) => [c.guest_id, c]),
  );
  return guests.map((guest) => {
    const figure = figures.get(guest.id)!;
    const certificate = certificates.get(guest.id);
    // A certificate shows what it certified; the others what the scan log gives them now.
    const row: CertificateRow = {
      guest_id: guest.id,
      name: nameInLanguage(guest, 'zh-tw'),
      institution: guest.institution || guest.organization,
      minutes: certificate?.minutes ?? figure.minutes,
      credits: certificate?.credits ?? figure.credits,
      sessions: certificate ? (JSON.parse(certificate.sessions) as number[]) : figure.sessions,
      days_present: figure.daysPresent,
      earned: figure.earned,
      awaiting_evaluation: figure.awaiting.length > 0,
      state: stateOf(figure.earned, certificate),
      code: certificate?.code ?? null,
      issued_at: certificate?.issued_at ?? null,
      revoked_at: certificate?.revoked_at ?? null,
      emailed_at: certificate?.emailed_at ?? null,
    };
    return { guest, figure, certificate, row };
  });
}

export function matches(
  row: CertificateRow,
  guest: repo.GuestRow,
  keyword: string | undefined,
  state: string | undefined,
) {
  if (state && row.state !== state) return false;
  if (!keyword) return true;
  const needle = keyword.toLowerCase();
  return [guest.name, guest.name_zh, guest.name_en, guest.institution, guest.organization, guest.email].some(
    (text) => text.toLowerCase().includes(needle),
  );
}
