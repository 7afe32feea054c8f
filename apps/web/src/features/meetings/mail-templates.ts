import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import {
  EDITABLE_MAIL_TYPES,
  type EditableMailType,
  type MailSettings,
  type MailTemplates,
  type MailText,
} from '@meetflow/shared/schemas/mail';

/*
 * The mail settings drawer's logic, apart from its UI: which text each editor starts with and which
 * texts are sent on save. (Inserting a placeholder where the cursor is: lib/text-insert.ts.)
 */

/** Subject and body of every editable type in every language: what the editors hold. */
export type MailTexts = Record<EditableMailType, Record<Language, MailText>>;
type Defaults = MailSettings['defaults'];

const EMPTY: MailText = { subject: '', body: '' };

/** The text each editor starts with: the organiser's where they wrote one, else the product's default. */
export function editableTexts(settings: Pick<MailSettings, 'templates' | 'defaults'>): MailTexts {
  const texts = {} as MailTexts;
  for (const type of EDITABLE_MAIL_TYPES) {
    const perLanguage = {} as Record<Language, MailText>;
    for (const lang of LANGUAGES) {
      const own = settings.templates[type]?.[lang];
      const fallback = settings.defaults[type]?.[lang] ?? EMPTY;
      perLanguage[lang] = { subject: own?.subject ?? fallback.subject, body: own?.body ?? fallback.body };
    }
    texts[type] = perLanguage;
  }
  return texts;
}

export type TextPart = 'subject' | 'body';
/** A text's field in the drawer's form. */
export type TextPath = ['templates', EditableMailType, Language, TextPart];

export const textPath = (type: EditableMailType, lang: Language, part: TextPart): TextPath => [
  'templates',
  type,
  lang,
  part,
];

export const isMailType = (value: unknown): value is EditableMailType =>
  (EDITABLE_MAIL_TYPES as readonly unknown[]).includes(value);
export const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value);

/**
 * A field path of the server's validation answer ('templates.confirmation.en.subject',
 * 'reminder_hours') as the drawer's form field, or null for one the form does not show.
 */
export function formField(
  path: string,
): ['reminder_hours'] | ['confirmation_enabled'] | ['lookup_code_by_email'] | TextPath | null {
  const [first, type, lang, part, ...rest] = path.split('.');
  if (first === 'reminder_hours' || first === 'confirmation_enabled' || first === 'lookup_code_by_email')
    return [first];
  if (first !== 'templates' || rest.length > 0 || !isMailType(type) || !isLanguage(lang)) return null;
  return part === 'subject' || part === 'body' ? textPath(type, lang, part) : null;
}

/** The server trims both parts and renders CRLF as LF: a text is compared the way it would be sent. */
function normalised(value: string | undefined): string {
  return (value ?? '').replace(/\r\n?/g, '\n').trim();
}

/** Whether an editor holds the default text (whitespace at either end and line-ending style aside). */
export function isDefaultText(text: MailText | undefined, fallback: MailText | undefined): boolean {
  return (
    normalised(text?.subject) === normalised(fallback?.subject) &&
    normalised(text?.body) === normalised(fallback?.body)
  );
}

/**
 * The `templates` of a save: only the texts that differ from the default, trimmed. A text left as
 * (or reset to) the default is not sent, so it follows the product's wording when that changes.
 */
export function changedTemplates(texts: Partial<MailTexts> | undefined, defaults: Defaults): MailTemplates {
  const templates: MailTemplates = {};
  for (const type of EDITABLE_MAIL_TYPES) {
    for (const lang of LANGUAGES) {
      const text = texts?.[type]?.[lang];
      if (!text || isDefaultText(text, defaults[type]?.[lang])) continue;
      (templates[type] ??= {})[lang] = { subject: normalised(text.subject), body: normalised(text.body) };
    }
  }
  return templates;
}
