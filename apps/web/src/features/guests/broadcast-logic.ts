import { ERRORS } from '@meetflow/shared/errors';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import {
  MAIL_BODY_MAX,
  MAIL_SUBJECT_MAX,
  type BroadcastSummary,
  type BroadcastTexts,
  type MailText,
} from '@meetflow/shared/schemas/mail';
import { ApiError } from '../../lib/http-errors.ts';

/*
 * The broadcast drawer's logic apart from its UI: which texts are sent, which language a guest reads,
 * how far a broadcast has got, and a changed number of recipients. (Whom the list's filters reach:
 * broadcast-filters.ts, which the guest list loads.)
 */

/** The placeholders a broadcast may use: the mail settings' ones but the reminder's hours. */
export const BROADCAST_PLACEHOLDERS = [
  'name',
  'meeting',
  'start',
  'end',
  'place',
  'code',
  'link',
  'sessions',
] as const;

/** A text part's problem: the catalogue key of its message. */
export type TextProblem = 'required' | 'tooLong';
export interface TextCheck {
  /** What is sent: each written language, trimmed. */
  texts: BroadcastTexts;
  /** Problems per language and part; a language left wholly empty is no problem. */
  problems: { language: Language; part: 'subject' | 'body'; problem: TextProblem }[];
  /** No language written at all. */
  empty: boolean;
}

const LIMITS = { subject: MAIL_SUBJECT_MAX, body: MAIL_BODY_MAX } as const;

/**
 * The texts of a broadcast from the editors: a language counts once either part is written, and then
 * needs both; languages left empty are not sent (their guests read the first written one).
 */
export function checkTexts(drafts: Partial<Record<Language, Partial<MailText>>> | undefined): TextCheck {
  const texts: BroadcastTexts = {};
  const problems: TextCheck['problems'] = [];
  for (const language of LANGUAGES) {
    const subject = drafts?.[language]?.subject?.trim() ?? '';
    const body = (drafts?.[language]?.body ?? '').replace(/\r\n?/g, '\n').trim();
    if (!subject && !body) continue;
    for (const [part, value] of [
      ['subject', subject],
      ['body', body],
    ] as const) {
      if (!value) problems.push({ language, part, problem: 'required' });
      else if (value.length > LIMITS[part]) problems.push({ language, part, problem: 'tooLong' });
    }
    texts[language] = { subject, body };
  }
  return { texts, problems, empty: Object.keys(texts).length === 0 };
}

/** The language a guest of `language` reads: their own when written, else the first written one. */
export function readingLanguage(texts: BroadcastTexts, language: Language): Language | null {
  if (texts[language]) return language;
  return LANGUAGES.find((lang) => texts[lang]) ?? null;
}

/** Whether a broadcast still has messages waiting (or not yet fanned out). */
export const broadcastUnfinished = (b: Pick<BroadcastSummary, 'queued'>): boolean => b.queued > 0;

/**
 * A broadcast's progress bar: the part done (sent, failed or skipped) and, inside it, the part sent,
 * in whole percent. A broadcast to nobody is done.
 */
export function broadcastProgress(b: Pick<BroadcastSummary, 'recipients' | 'sent' | 'failed' | 'skipped'>): {
  done: number;
  sent: number;
} {
  if (b.recipients <= 0) return { done: 100, sent: 100 };
  const percent = (n: number) => Math.min(100, Math.max(0, Math.floor((n * 100) / b.recipients)));
  return { done: percent(b.sent + b.failed + b.skipped), sent: percent(b.sent) };
}

/** The server's number of recipients in a 409 BROADCAST_RECIPIENTS_CHANGED, if that is what `error` is. */
export function changedCount(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== ERRORS.BROADCAST_RECIPIENTS_CHANGED.code) return null;
  const count = (error.data as { count?: unknown } | null)?.count;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null;
}
