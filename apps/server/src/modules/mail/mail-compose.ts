import { resolveDisplayConfig } from '@meetflow/shared/display-text';
import { answerText } from '@meetflow/shared/forms/answer-text';
import { isAnswerField, localText } from '@meetflow/shared/forms/form-definition';
import { LANGUAGES, linkInLanguage, type Language } from '@meetflow/shared/languages';
import {
  EDITABLE_MAIL_TYPES,
  type BroadcastTexts,
  type MailTemplates,
  type MailText,
  type MailType,
} from '@meetflow/shared/schemas/mail';
import type { AuthUser } from '../../core/auth-user.ts';
import type { Db } from '../../db/database.ts';
import { timeZone } from '../../lib/local-time.ts';
import { guestDisplayName } from '../guests/guest-format.ts';
import { parseAnswers, parseFields } from '../guests/guest-rules.ts';
import { mayHoldCode } from '../guests/may-hold-code.ts';
import type { MailContext, RenderedMail } from './mail-render.ts';
import { createMailRenderer } from './mail-renderer.ts';
import { unsubscribeToken } from './mail-signing.ts';
import * as repo from './mail.repository.ts';

/** The id of the made-up guest that previews show in place of a real one. */
export const EXAMPLE_GUEST_ID = 0;
const EXAMPLE_GUEST_CODE = 'EXAMPLE-GUEST-CODE';

/**
 * The guest's answers in words in `language`, for `{answer.<key>}`: every answer field of the form
 * (retired ones too: their answers are kept), '' where unanswered. The made-up guest of previews
 * shows each field's label in brackets instead.
 */
export function answerTexts(guest: repo.GuestForMail, language: Language): Record<string, string> {
  const fields = parseFields(guest.form_fields ?? undefined).filter(isAnswerField);
  if (fields.length === 0) return {};
  const example = guest.id === EXAMPLE_GUEST_ID && guest.guest_code === EXAMPLE_GUEST_CODE;
  const answers = example ? {} : parseAnswers(guest.answers);
  return Object.fromEntries(
    fields.map((field) => [
      field.key,
      example ? `[${localText(field.label, language)}]` : answerText(field, answers[field.key], language),
    ]),
  );
}

/**
 * Whether previews and test sends may show the meeting's real first guest: their name and guest
 * code (the entry ticket) are for those who may see the guest list.
 */
export function mayShowRealGuest(user: Pick<AuthUser, 'permissions'>): boolean {
  return user.permissions.includes('guest:view');
}

/** The payload of a `mail` job: which message, and what only the moment of its cause knows. */
export interface MailPayload {
  type: MailType;
  sequence?: number;
  /** Sessions just cancelled (enrolment updates): the calendar cancels their events. */
  cancelled?: number[];
  /** The session a reminder is for; none: the meeting's own reminder. */
  schedule_id?: number | null;
  /** The `mail.broadcast` job whose texts a broadcast message carries. */
  broadcast_id?: number;
  /** login_code: the window the code belongs to (the code itself is derived, never stored). */
  window?: number;
  /** certificate: the certificate the organiser sent (its PDF is asked for at send time). */
  certificate_id?: number;
  /** waitlist_offer: the place and the moment of the offer (what its accept link names). */
  entry_id?: number;
  offered_at?: number;
  /** evaluation_invitation, evaluation_reminder: the evaluation to complete (asked about at send time). */
  evaluation_id?: number;
  /** receipt, credit_note: the receipt whose PDF the mail carries (drawn at send time). */
  receipt_id?: number;
  /** group_link: the group booking whose contact is sent the link to its page (issue 45). */
  group_id?: number;
  /** application_received, application_rejected: the application the applicant is told of (issue 45). */
  application_id?: number;
  /**
   * application_received: asked for by the applicant (the look-up by phone), so sent even where the
   * meeting's confirmation mails are off, as the look-up's code mail is.
   */
  asked?: boolean;
  /** invitation: the personal invitation whose link is mailed (asked for at send time, issue 45). */
  invitation_id?: number;
}

/** The payload of a `mail.broadcast` job: the organiser's texts and the recipients they confirmed. */
export interface BroadcastPayload {
  texts: BroadcastTexts;
  guest_ids: number[];
  created_by: string;
}

/**
 * Turns a guest and a message into a rendered mail: the meeting's settings and texts, the guest's
 * sessions, the links; rendering itself runs in a worker thread (mail-renderer.ts).
 */
export function createMailComposer(deps: {
  db: Db;
  publicUrl: string;
  signingSecret: string;
  /** The sender (MAIL_FROM): calendar invitations name it as their ORGANIZER. */
  mailFrom: string;
  clock: () => number;
}) {
  const { db } = deps;
  const renderer = createMailRenderer();
  // The guest page: on the phone that signed up it shows the code at once; elsewhere it leads to the
  // check-in page's look-up (no token ever travels in a link). Either opens in the guest's language.
  const guestPageUrl = (publicId: string, language: Language) =>
    linkInLanguage(`${deps.publicUrl}/#/enroll-info/${encodeURIComponent(publicId)}`, language);

  async function exampleGuest(meetingId: number): Promise<repo.GuestForMail | undefined> {
    const [meeting, form] = await Promise.all([
      repo.findMeetingForMail(db, meetingId),
      repo.findMeetingForm(db, meetingId),
    ]);
    if (!meeting) return undefined;
    return {
      ...meeting,
      id: EXAMPLE_GUEST_ID,
      meeting_id: meetingId,
      guest_code: EXAMPLE_GUEST_CODE,
      answers: '{}',
      form_fields: form ?? null,
      email: 'guest@example.org',
      name: '陳大文',
      name_zh: '陳大文',
      name_en: 'Chan Tai Man',
      language: 'zh-tw',
      cancelled_at: null,
      broadcast_opt_out: 0,
      unpaid: 0,
      approval: null,
    };
  }

  return {
    async settingsOf(meetingId: number) {
      const row = await repo.findSettings(db, meetingId);
      return {
        confirmation_enabled: row ? row.confirmation_enabled === 1 : true,
        reminder_hours: row?.reminder_hours ?? 0,
        lookup_code_by_email: row?.lookup_code_by_email === 1,
        templates: parseTemplates(row?.templates),
      };
    },

    /** Everything renderMail needs about one guest and message; `text` is a broadcast's. */
    async contextOf(
      guest: repo.GuestForMail,
      payload: MailPayload,
      templates: MailTemplates,
      language: Language,
      text: MailText | null = null,
    ): Promise<MailContext> {
      // A certificate mail lists no sessions: the certificate states what was attended.
      // Nor does an offer: it is sent before the seat is the visitor's; nor an evaluation's mail,
      // which names its one session.
      const withSessions =
        guest.meeting_type === 'date_schedule' &&
        ![
          'certificate',
          'waitlist_offer',
          'evaluation_invitation',
          'evaluation_reminder',
          'receipt',
          'credit_note',
          'group_link',
          'application_received',
          'application_rejected',
          'invitation',
        ].includes(payload.type);
      const [sessions, cancelled] = await Promise.all([
        withSessions ? repo.guestSessions(db, guest.id) : [],
        repo.sessionsByIds(db, guest.meeting_id, payload.cancelled ?? []),
      ]);
      const reminderSession = payload.schedule_id
        ? sessions.filter((s) => s.id === payload.schedule_id)
        : null;
      const editable = (EDITABLE_MAIL_TYPES as readonly string[]).includes(payload.type);
      return {
        kind: payload.type,
        language,
        timeZone: timeZone(),
        meeting: {
          public_id: guest.public_id,
          name: guest.meeting_name,
          name_cn: guest.meeting_name_cn,
          name_en: guest.meeting_name_en,
          location: guest.location,
          location_cn: guest.location_cn,
          location_en: guest.location_en,
          start_at: guest.start_at,
          end_at: guest.end_at,
          meeting_type: guest.meeting_type,
          theme_color: resolveDisplayConfig(guest.display_config).theme_color,
        },
        guest: {
          id: guest.id,
          // Unpaid (issue 44) or awaiting approval (issue 45), as read now, when the mail is sent:
          // no code, so no QR, no {code} and no code in the calendar, in any mail; the confirmation
          // after the payment or the approval has it.
          guest_code: mayHoldCode(guest) ? guest.guest_code : '',
          display_name: guestDisplayName(guest),
          email: guest.email,
        },
        answers: answerTexts(guest, language),
        organizer: deps.mailFrom,
        sessions: (reminderSession ?? sessions).map(toMailSession),
        cancelledSessions: cancelled.map(toMailSession),
        sequence: payload.sequence ?? 0,
        renderedAt: deps.clock(),
        guestPageUrl: guestPageUrl(guest.public_id, language),
        template: editable ? (templates[payload.type as keyof MailTemplates]?.[language] ?? null) : text,
        ...(payload.type === 'broadcast'
          ? {
              unsubscribeUrl: linkInLanguage(
                `${deps.publicUrl}/#/unsubscribe/${unsubscribeToken(deps.signingSecret, guest.id)}`,
                language,
              ),
            }
          : {}),
      };
    },

    /**
     * What previews and test sends show: the meeting's first guest, or an example guest when it has
     * none or `real` is false (see mayShowRealGuest).
     */
    async sampleGuest(meetingId: number, real: boolean): Promise<repo.GuestForMail | undefined> {
      const first = real ? await repo.anyGuestId(db, meetingId) : undefined;
      return first ? repo.findGuestForMail(db, first.id) : exampleGuest(meetingId);
    },

    /**
     * The evaluation on the guest page: like the guest page's link it names the meeting and carries
     * nothing personal; the device's guest token, or the look-up, identifies the guest.
     */
    evaluationUrl: (publicId: string, evaluationId: number, language: Language) =>
      linkInLanguage(
        `${deps.publicUrl}/#/enroll-info/${encodeURIComponent(publicId)}/evaluations/${evaluationId}`,
        language,
      ),

    render: (ctx: MailContext): Promise<RenderedMail> => renderer.render(ctx),
    close: () => renderer.close(),
  };
}
export type MailComposer = ReturnType<typeof createMailComposer>;

/** The guest's language when the organiser wrote it, else the first written of zh-tw, zh-cn, en. */
export function textLanguage(texts: BroadcastTexts, preferred: Language): Language {
  if (texts[preferred]) return preferred;
  return LANGUAGES.find((lang) => texts[lang]) ?? preferred;
}

function toMailSession(s: {
  id: number;
  name: string;
  name_cn: string;
  name_en: string;
  date: string;
  start_time: string | null;
  end_time: string | null;
}) {
  return { ...s, start_time: s.start_time ?? null, end_time: s.end_time ?? null };
}

function parseTemplates(stored: string | undefined): MailTemplates {
  if (!stored) return {};
  try {
    return JSON.parse(stored) as MailTemplates;
  } catch {
    return {};
  }
}
