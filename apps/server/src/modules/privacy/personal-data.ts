import { answerText } from '@meetflow/shared/forms/answer-text';
import { localText, type FormField } from '@meetflow/shared/forms/form-definition';
import type { Answers } from '@meetflow/shared/forms/form-engine';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import { resolvePrivacyNotice, type GuestPersonalData } from '@meetflow/shared/schemas/privacy';
import type { AuthUser } from '../../core/auth-user.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseAnswers, parseFields } from '../guests/guest-rules.ts';
import { meetingFormJson } from '../guests/guests.reads.ts';
import type { PrivacyRecord } from './privacy-audit.ts';
import * as repo from './privacy.repository.ts';
import type { PrivacyDeps } from './privacy.service.ts';

type DataDeps = Pick<PrivacyDeps, 'db' | 'clock' | 'jobs'>;
type GuestDataRow = NonNullable<Awaited<ReturnType<typeof repo.findGuestData>>>;
type Names = { name: string | null; name_cn: string | null; name_en: string | null };

const names = (n: Names) =>
  n.name === null ? null : { name: n.name, name_cn: n.name_cn ?? '', name_en: n.name_en ?? '' };

/** A guest's own copy of their data: the guest page's download and the back office's, both audited. */
export function createPersonalData(
  deps: DataDeps & Pick<PrivacyDeps, 'guests' | 'visitorGuests'>,
  record: PrivacyRecord,
) {
  return {
    /** What the visitor's guest page downloads: everything held about them, audited. */
    async visitorData(token: string | undefined, ip: string): Promise<GuestPersonalData> {
      const { guest } = await deps.visitorGuests.authenticated(token);
      const data = await personalData(deps, guest.id);
      await record({ kind: 'public', ip }, 'export', {
        key: 'privacy.data_downloaded',
        params: { meeting_id: guest.meeting_id, guest_id: guest.id },
      });
      return data;
    },

    /** The same copy for the back office, on the guest's request. */
    async guestData(user: AuthUser, guestId: number, ip: string): Promise<GuestPersonalData> {
      const guest = await deps.guests.findVisible(user, guestId);
      const data = await personalData(deps, guest.id);
      await record({ kind: 'admin', username: user.auditName, ip }, 'export', {
        key: 'privacy.data_downloaded',
        params: { meeting_id: guest.meeting_id, guest_id: guest.id },
      });
      return data;
    },
  };
}

/** Everything held about a guest: the meeting, the form, consent, sessions, scans, certificates, lists, mail. */
async function personalData(deps: DataDeps, guestId: number): Promise<GuestPersonalData> {
  const { db } = deps;
  const guest = await repo.findGuestData(db, guestId);
  if (!guest) throw new AppError('NOT_FOUND');
  const meeting = await repo.findMeetingPrivacy(db, guest.meeting_id);
  if (!meeting) throw new AppError('NOT_FOUND');
  const [form, sessions, scans, certificates, places, messages, notice] = await Promise.all([
    meetingFormJson(db, guest.meeting_id),
    repo.listGuestSessions(db, guestId),
    repo.listGuestScans(db, guestId),
    repo.listGuestCertificates(db, guestId),
    repo.listGuestPlaces(db, guestId),
    deps.jobs.listGuestJobs(guestId, ['mail']),
    guest.consent_version === null
      ? undefined
      : repo.findNoticeVersion(db, guest.meeting_id, guest.consent_version),
  ]);
  return {
    generated_at: deps.clock(),
    meeting: {
      public_id: meeting.public_id,
      name: meeting.name,
      name_cn: meeting.name_cn,
      name_en: meeting.name_en,
      start_at: meeting.start_at,
      end_at: meeting.end_at,
      purge_at: repo.purgeAt(meeting),
    },
    guest: guestPart(guest),
    answers: answersPart(parseFields(form), parseAnswers(guest.answers)),
    consent:
      guest.consent_version === null || guest.consent_at === null
        ? null
        : {
            version: guest.consent_version,
            given_at: guest.consent_at,
            text: resolvePrivacyNotice(notice ? (JSON.parse(notice.texts) as Record<string, string>) : {}),
          },
    sessions: sessions.map((s) => ({
      id: s.id,
      name: s.name,
      name_cn: s.name_cn,
      name_en: s.name_en,
      date: s.date,
      enrolled_at: s.created_at,
    })),
    scans: scans.map((c) => ({
      type: c.type,
      at: c.created_at,
      session: c.scope_id === 0 ? null : names(c),
      station: c.station,
    })),
    certificates: certificates.map((c) => ({ ...c, credits: Number(c.credits) })),
    waiting_lists: places.map((p) => ({
      session: p.scope_id === 0 ? null : names(p),
      status: p.status,
      joined_at: p.created_at,
    })),
    // Oldest first (the jobs service lists a guest's newest first).
    messages: [...messages].reverse().map((m) => ({
      type: messageType(m.payload, m.kind),
      status: m.status,
      queued_at: m.created_at,
      sent_at: m.status === 'done' ? m.finished_at : null,
    })),
  };
}

/** The guest's row as they gave it, with the names of their registration type and category. */
function guestPart(guest: GuestDataRow): GuestPersonalData['guest'] {
  return {
    guest_code: guest.guest_code,
    signed_up_at: guest.created_at,
    cancelled_at: guest.cancelled_at,
    language: guest.language,
    area_code: guest.area_code,
    phone: guest.phone,
    email: guest.email,
    name: guest.name,
    name_zh: guest.name_zh,
    name_en: guest.name_en,
    gender: guest.gender,
    local_guest: guest.local_guest === null ? null : guest.local_guest === 1,
    institution: guest.institution,
    job_title: guest.job_title,
    organization: guest.organization,
    license_number: guest.license_number,
    other: guest.other,
    contact_name: guest.contact_name,
    contact_number: guest.contact_number,
    contact_phone: guest.contact_phone,
    academy_member: guest.academy_member === 1,
    user_type: names({
      name: guest.user_type_name,
      name_cn: guest.user_type_name_cn,
      name_en: guest.user_type_name_en,
    }),
    college_category: names({
      name: guest.category_name,
      name_cn: guest.category_name_cn,
      name_en: guest.category_name_en,
    }),
    broadcast_opt_out: guest.broadcast_opt_out === 1,
  };
}

const inEvery = (text: (lang: Language) => string) =>
  Object.fromEntries(LANGUAGES.map((lang) => [lang, text(lang)])) as Record<Language, string>;

/**
 * The guest's answers with their fields' labels and in words, in each language: in the form's order,
 * retired fields included, then any answer whose field the form no longer has (as it was stored).
 */
export function answersPart(fields: readonly FormField[], answers: Answers): GuestPersonalData['answers'] {
  const known = new Set(fields.map((f) => f.key));
  const rows: GuestPersonalData['answers'] = fields.flatMap((field) => {
    const value = answers[field.key];
    if (value === undefined) return [];
    return [
      {
        key: field.key,
        type: field.type,
        label: inEvery((lang) => localText(field.label, lang)),
        value,
        text: inEvery((lang) => answerText(field, value, lang)),
        retired: field.retired,
      },
    ];
  });
  for (const [key, value] of Object.entries(answers)) {
    if (known.has(key)) continue;
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    rows.push({
      key,
      type: 'unknown',
      label: inEvery(() => key),
      value,
      text: inEvery(() => text),
      retired: true,
    });
  }
  return rows;
}

/** The kind of message a mail job sends ('confirmation', 'reminder', …), never its contents. */
function messageType(payload: string, kind: string): string {
  try {
    const value = JSON.parse(payload) as { type?: unknown };
    return typeof value.type === 'string' ? value.type : kind;
  } catch {
    return kind;
  }
}
