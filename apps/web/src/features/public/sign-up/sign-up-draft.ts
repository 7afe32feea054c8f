import { storageKey } from '../../../lib/storage.ts';

/**
 * What a visitor has typed into a sign-up form, kept in the tab's session storage per meeting so a
 * reload (a phone dropping the page, a switch to the mail app and back) loses nothing; cleared after
 * a successful sign-up. Text only: a file field keeps the name and id of the file already uploaded,
 * never its bytes. The tab's storage ends with the tab.
 */
export interface SignUpDraft {
  /** The built-in fields, as typed. */
  form: Record<string, string>;
  /** The meeting's own fields, field key → value as the form holds it. */
  answers: Record<string, unknown>;
}

const draftKey = (publicId: string) => storageKey(`signup_${publicId}`);

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Sandboxed frames and some privacy modes refuse storage: the form then just forgets on reload.
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The draft kept for this meeting, each built-in field only where `form` has it and a text was kept
 * (so an older page's draft never adds fields); null when there is none or it cannot be read.
 */
export function readDraft<Form extends { [K in keyof Form]: string }>(
  publicId: string,
  form: Form,
): { form: Form; answers: Record<string, unknown> } | null {
  let value: unknown;
  try {
    const raw = session()?.getItem(draftKey(publicId));
    if (!raw) return null;
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const kept = isRecord(value.form) ? value.form : {};
  const restored = { ...form };
  for (const name of Object.keys(form)) {
    const typed = kept[name];
    if (typeof typed === 'string') (restored as Record<string, string>)[name] = typed;
  }
  return { form: restored, answers: isRecord(value.answers) ? value.answers : {} };
}

/**
 * The built-in fields the visitor changed from the form's starting values: only those are kept, so
 * a value the page chose itself (the meeting's default area code) follows the meeting when it changes.
 */
export function typedFields<Form extends { [K in keyof Form]: string }>(
  form: Form,
  start: Form,
): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const [name, value] of Object.entries(form) as [string, string][]) {
    if (value !== (start as Record<string, string>)[name]) typed[name] = value;
  }
  return typed;
}

export function writeDraft(publicId: string, draft: SignUpDraft): void {
  try {
    session()?.setItem(draftKey(publicId), JSON.stringify(draft));
  } catch {
    // A full or refused storage must not break the form.
  }
}

export function clearDraft(publicId: string): void {
  try {
    session()?.removeItem(draftKey(publicId));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
