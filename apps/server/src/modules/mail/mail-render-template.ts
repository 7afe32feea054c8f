import { randomBytes } from 'node:crypto';
import type { MailContent } from './mail-render-content.ts';
import { mailMjml } from './mail-render-html.ts';

/*
 * A meeting's mail compiled from MJML once for all its guests (docs/decisions/0108): MJML is
 * compiled with a slot wherever a guest's own HTML goes, and each guest's mail is the compiled
 * HTML with those slots filled. The MJML with its slots is the cache key: it holds everything the
 * meeting, language and kind put in the mail, so an edit of the meeting or of its texts is a new
 * key, on every instance, without being told of it.
 */

type Mjml2Html = typeof import('mjml');
type Compiled = (string | number)[];

/** Compiled mails kept: a few kinds and languages for each of the meetings sending at once. */
const CACHED = 100;
// Random per process, so that no text of a meeting can pass for a slot.
const SLOT = `mfslot${randomBytes(8).toString('hex')}n`;
const SLOTS = new RegExp(`${SLOT}(\\d+)e`);

const compiled = new Map<string, Compiled>();

/** The mail's HTML: its meeting's compiled MJML (compiled now if not cached), filled with the guest's. */
export async function mailHtml(content: MailContent, mjml2html: Mjml2Html): Promise<string> {
  const guestHtml: string[] = [];
  const source = mailMjml(content, (html) => `${SLOT}${guestHtml.push(html) - 1}e`);
  let parts = compiled.get(source);
  if (parts) compiled.delete(source); // re-inserted below as the most recently used
  parts ??= await compile(source, mjml2html);
  compiled.set(source, parts);
  if (compiled.size > CACHED) compiled.delete(compiled.keys().next().value!);
  return parts.map((part) => (typeof part === 'number' ? guestHtml[part] : part)).join('');
}

/** The HTML split at its slots: text, slot number, text… */
async function compile(source: string, mjml2html: Mjml2Html): Promise<Compiled> {
  // Strict: the template is ours and every outside text is escaped, so an error is a bug to surface.
  const { html } = await mjml2html(source, { validationLevel: 'strict', fonts: {}, keepComments: false });
  // split() with a capture group: odd entries are the captured slot numbers.
  return html.split(SLOTS).map((part, i) => (i % 2 === 1 ? Number(part) : part));
}
