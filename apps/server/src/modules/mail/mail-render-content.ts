import { nameIn, type Language } from '@meetflow/shared/languages';
import {
  dateTimeText,
  dayRangeText,
  labelled,
  rangeText,
  sessionLine,
  sortSessions,
  themeColors,
  type SessionLine,
  type ThemeColors,
} from './mail-render-format.ts';
import type { MailContext } from './mail-render-types.ts';
import { defaultMailText, mailLabels, type MailLabels } from './mail-texts.ts';

/**
 * The placeholders an organiser's subject and body may use, written {name}; besides these, each of
 * the meeting's own fields as `{answer.<key>}` (ANSWER_PLACEHOLDER_PREFIX).
 */
export const MAIL_PLACEHOLDERS: readonly string[] = Object.freeze([
  'name',
  'meeting',
  'start',
  'end',
  'place',
  'code',
  'link',
  'sessions',
  'hours',
]);

/** `{answer.department}`: the guest's answer to the meeting's field `department`. */
export const ANSWER_PLACEHOLDER_PREFIX = 'answer.';

/**
 * Replaces each {placeholder} that has a value; any other {word} stays as written, so a typo shows
 * in the mail instead of vanishing. One pass: a value containing {code} is not expanded again.
 */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{([A-Za-z_]+(?:\.[a-z][a-z0-9_]*)?)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? (values[key] ?? whole) : whole,
  );
}

/** Everything a mail shows, in the guest's language, once: the HTML and the text part both read it. */
export interface MailContent {
  lang: Language;
  labels: MailLabels;
  colors: ThemeColors;
  subject: string;
  meetingName: string;
  greeting: string;
  /** Plain text, placeholders filled, line breaks kept; not yet escaped. */
  body: string;
  details: { label: string; value: string }[];
  sessions: SessionLine[];
  cancelled: SessionLine[];
  /** Whether the mail shows the QR code and the guest code (not in broadcasts, codes or certificates). */
  showCode: boolean;
  code: string;
  link: string;
  /** What the button says: open the guest page, or answer an offer. */
  buttonLabel: string;
  unsubscribeUrl: string | null;
}

export function mailContent(ctx: MailContext): MailContent {
  const { meeting, language: lang, timeZone: zone } = ctx;
  const labels = mailLabels(lang);
  const meetingName = nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en);
  const place = nameIn(lang, meeting.location, meeting.location_cn, meeting.location_en).trim();
  const schedule = meeting.meeting_type === 'date_schedule';
  const sessions = schedule ? sortSessions(ctx.sessions).map((s) => sessionLine(s, lang, labels.allDay)) : [];
  const cancelled = schedule
    ? sortSessions(ctx.cancelledSessions).map((s) => sessionLine(s, lang, labels.allDay))
    : [];
  const values: Record<string, string> = {
    name: ctx.guest.display_name,
    meeting: meetingName,
    start: dateTimeText(meeting.start_at, lang, zone),
    end: dateTimeText(meeting.end_at, lang, zone),
    place,
    code: ctx.guest.guest_code,
    link: ctx.guestPageUrl,
    sessions: sessions.map((s) => `${s.when} ${s.name}`.trim()).join('\n'),
    hours: ctx.hoursBefore === undefined ? '' : String(ctx.hoursBefore),
    login_code: ctx.loginCode ?? '',
    until: ctx.offer ? dateTimeText(ctx.offer.until, lang, zone) : '',
    // In a sentence after the meeting's name: ' – Workshop A' / '「Workshop A」'.
    session: inSentence(ctx.offer?.session ?? ctx.evaluation?.session ?? null, lang),
    evaluation: ctx.evaluation?.title ?? '',
    unlock: ctx.evaluation?.unlocks ? labels.evaluationUnlocks : '',
    number: ctx.receipt?.number ?? '',
    amount: ctx.receipt?.amount ?? '',
    size: ctx.group ? String(ctx.group.size) : '',
    reason: ctx.application?.reason ?? '',
    // A sentence of its own where the invitation fixes the registration type, else empty.
    invited_as: ctx.invitation?.type ? fillPlaceholders(labels.invitedAs, { type: ctx.invitation.type }) : '',
  };
  for (const [key, text] of Object.entries(ctx.answers)) values[`${ANSWER_PLACEHOLDER_PREFIX}${key}`] = text;
  const template = ctx.template ?? defaultMailText(ctx.kind, lang);
  const details = [
    schedule
      ? { label: labels.dates, value: dayRangeText(meeting.start_at, meeting.end_at, lang, zone, labels.to) }
      : { label: labels.time, value: rangeText(meeting.start_at, meeting.end_at, lang, zone, labels.to) },
  ];
  if (place) details.push({ label: labels.place, value: place });
  return {
    lang,
    labels,
    colors: themeColors(meeting.theme_color),
    // A subject is one header line: an organiser's line breaks become spaces.
    subject: fillPlaceholders(template.subject, values).replace(/\s+/g, ' ').trim(),
    meetingName,
    greeting: fillPlaceholders(labels.greeting, { name: ctx.guest.display_name }),
    body: fillPlaceholders(template.body, values).replace(/\r\n?/g, '\n').trim(),
    details,
    sessions,
    cancelled,
    // Broadcasts are no ticket; a login code mail proves the address and opens the code on the page;
    // a certificate comes after the meeting (its PDF is the attachment).
    // An offer comes before there is a seat (or a guest): no code.
    // An evaluation comes after the meeting or session: no ticket either. A receipt is about money
    // (the confirmation with the code is a mail of its own).
    // An application's mails come before any code (or instead of one).
    // An unpaid guest's mail, or one awaiting approval, has no code at all (mail-compose.ts).
    showCode:
      ctx.guest.guest_code !== '' &&
      ![
        'broadcast',
        'login_code',
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
      ].includes(ctx.kind),
    code: ctx.guest.guest_code,
    link: ctx.guestPageUrl,
    buttonLabel:
      ctx.kind === 'waitlist_offer'
        ? labels.offerButton
        : ctx.kind === 'group_link'
          ? labels.groupButton
          : ctx.kind === 'invitation'
            ? labels.invitationButton
            : ctx.kind === 'evaluation_invitation' || ctx.kind === 'evaluation_reminder'
              ? labels.evaluationButton
              : labels.button,
    unsubscribeUrl: ctx.kind === 'broadcast' && ctx.unsubscribeUrl ? ctx.unsubscribeUrl : null,
  };
}

/** A session's name after the meeting's in a sentence: ' – Workshop A' / '「Workshop A」'; '' for none. */
function inSentence(session: string | null, lang: Language): string {
  if (!session) return '';
  return lang === 'en' ? ` – ${session}` : `「${session}」`;
}

/** The plain-text part: the same information as the HTML, the QR code being an attachment. */
export function mailText(c: MailContent): string {
  const { labels, lang } = c;
  const lines = [c.greeting, '', c.body, ''];
  for (const d of c.details) lines.push(labelled(d.label, d.value, lang));
  const list = (title: string, items: SessionLine[]) => {
    if (items.length === 0) return;
    lines.push('', labelled(title, '', lang));
    for (const s of items) lines.push(`- ${s.when} ${s.name}`.trimEnd());
  };
  list(labels.sessions, c.sessions);
  list(labels.cancelledSessions, c.cancelled);
  if (c.showCode) lines.push('', labelled(labels.guestCode, c.code, lang), labels.qrHint);
  lines.push('', labelled(c.buttonLabel, c.link, lang), '', '--', labels.footer);
  if (c.unsubscribeUrl) lines.push(labelled(labels.unsubscribe, c.unsubscribeUrl, lang));
  return `${lines.join('\n')}\n`;
}
