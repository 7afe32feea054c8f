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
  // What no scan earns, worked out once: half a congress may never have come (read, never changed).
  const absent = attainment(rule, presenceOf([], now, zone, window), days);
  for (let i = 0; i < guestIds.length; i += SLICE) {
    const slice = guestIds.slice(i, i + SLICE);
    const scans = await repo.findScans(db, meeting.id, slice);
    const byGuest = new Map<number, typeof scans>();
    for (const scan of scans) {
      let list = byGuest.get(scan.guest_id);
      if (!list) byGuest.set(scan.guest_id, (list = []));
      list.push(scan);
    }
    for (const id of slice) {
      const own = byGuest.get(id);
      result.set(id, own ? attainment(rule, presenceOf(own, now, zone, window), days) : absent);
    }
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
  certificate: Pick<repo.CertificateRecord, 'revoked_at'> | undefined,
): CertificateRow['state'] {
  if (certificate) return certificate.revoked_at === null ? 'issued' : 'revoked';
  return earned ? 'earned' : 'not_earned';
}

/** A live guest's id, whether they earned the certificate and its state. */
export interface GuestState {
  id: number;
  earned: boolean;
  state: CertificateRow['state'];
}

/**
 * Every live guest's standing and certificate state, by id, from narrow reads: what the list counts
 * and filters on. Names and what certificates certify are read for the page alone (rowsOf).
 */
export async function meetingStates(
  deps: CoreDeps,
  meeting: VisibleMeeting,
  rule: CertificateRule,
): Promise<GuestState[]> {
  const ids = await repo.findLiveGuestIds(deps.db, meeting.id);
  const figures = await certificateStandings(deps, meeting, rule, ids);
  const certificates = new Map(
    (await repo.findCertificateStates(deps.db, meeting.id)).map((c) => [c.guest_id, c]),
  );
  return ids.map((id) => {
    const { earned } = figures.get(id)!;
    return { id, earned, state: stateOf(earned, certificates.get(id)) };
  });
}

/** The ids of the meeting's live guests whose names, institution or e-mail contain the keyword. */
export async function guestsNamed(deps: CoreDeps, meetingId: number, keyword: string): Promise<Set<number>> {
  const guests = await repo.findLiveGuests(deps.db, meetingId);
  return new Set(guests.filter((guest) => matchesKeyword(guest, keyword)).map((guest) => guest.id));
}

/** A live guest with their standing, certificate (if any) and the state these give. */
export interface StandingEntry {
  guest: repo.GuestRow;
  figure: Standing;
  certificate: repo.CertificateRecord | undefined;
  state: CertificateRow['state'];
}

/** Every live guest of the meeting (or the listed ones) with their standing and certificate. */
export async function rowsOf(
  deps: CoreDeps,
  meeting: VisibleMeeting,
  rule: CertificateRule,
  ids?: readonly number[],
): Promise<StandingEntry[]> {
  const guests = await repo.findLiveGuests(deps.db, meeting.id, ids);
  const guestIds = guests.map((g) => g.id);
  const figures = await certificateStandings(deps, meeting, rule, guestIds);
  // The listed guests' certificates only: a guest's own download reads one, not the meeting's.
  const found = ids
    ? await repo.findCertificatesOf(deps.db, guestIds)
    : await repo.findCertificates(deps.db, meeting.id);
  const certificates = new Map(found.map((c) => [c.guest_id, c]));
  return guests.map((guest) => {
    const figure = figures.get(guest.id)!;
    const certificate = certificates.get(guest.id);
    return { guest, figure, certificate, state: stateOf(figure.earned, certificate) };
  });
}

/**
 * A guest's line of the list and the export. Built for the lines shown only: a page of a
 * 100,000-guest list needs every guest's state, not every guest's line.
 */
export function rowOf({ guest, figure, certificate, state }: StandingEntry): CertificateRow {
  // A certificate shows what it certified; the others what the scan log gives them now.
  return {
    guest_id: guest.id,
    name: nameInLanguage(guest, 'zh-tw'),
    institution: guest.institution || guest.organization,
    minutes: certificate?.minutes ?? figure.minutes,
    credits: certificate?.credits ?? figure.credits,
    sessions: certificate ? (JSON.parse(certificate.sessions) as number[]) : figure.sessions,
    days_present: figure.daysPresent,
    earned: figure.earned,
    awaiting_evaluation: figure.awaiting.length > 0,
    state,
    code: certificate?.code ?? null,
    issued_at: certificate?.issued_at ?? null,
    revoked_at: certificate?.revoked_at ?? null,
    emailed_at: certificate?.emailed_at ?? null,
  };
}

export function matches(entry: StandingEntry, keyword: string | undefined, state: string | undefined) {
  if (state && entry.state !== state) return false;
  return !keyword || matchesKeyword(entry.guest, keyword);
}

function matchesKeyword(guest: repo.GuestRow, keyword: string): boolean {
  const needle = keyword.toLowerCase();
  return [guest.name, guest.name_zh, guest.name_en, guest.institution, guest.organization, guest.email].some(
    (text) => text.toLowerCase().includes(needle),
  );
}
