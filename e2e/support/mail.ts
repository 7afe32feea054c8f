import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

/*
 * The mail the app server sent during the run: scripts/e2e-server.ts receives it over SMTP and writes
 * each message as an .eml file into <E2E_DATA_DIR>/mail, which every worker can read.
 */

/** The folder of received messages (the config sets E2E_DATA_DIR once; workers inherit it). */
export function mailDir(dataDir = process.env.E2E_DATA_DIR): string {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return path.join(dataDir, 'mail');
}

export interface ReceivedMail extends ParsedMail {
  /** The envelope's recipients (RCPT TO), lower case. */
  recipients: string[];
  /** The .eml file's name: received in this order. */
  file: string;
}

// A written file never changes (it is renamed into place whole): each is parsed once.
const parsed = new Map<string, Promise<ReceivedMail>>();

async function parse(file: string): Promise<ReceivedMail> {
  const raw = await fs.promises.readFile(path.join(mailDir(), file));
  // keepCidLinks: the HTML as sent, with its cid: reference to the attached QR image.
  const mail = await simpleParser(raw, { keepCidLinks: true });
  const header = mail.headers.get('x-e2e-rcpt-to');
  const recipients = String(typeof header === 'string' ? header : '')
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
  return Object.assign(mail, { recipients, file });
}

/** Every message received so far, oldest first. */
export async function receivedMails(): Promise<ReceivedMail[]> {
  const dir = mailDir();
  const files = fs.existsSync(dir) ? (await fs.promises.readdir(dir)).filter((f) => f.endsWith('.eml')) : [];
  files.sort();
  return Promise.all(
    files.map((file) => {
      let mail = parsed.get(file);
      if (!mail) parsed.set(file, (mail = parse(file)));
      return mail;
    }),
  );
}

/** The messages received for `to` (envelope or To header) that `predicate` accepts, oldest first. */
export async function mailsTo(
  to: string,
  predicate: (mail: ReceivedMail) => boolean = () => true,
): Promise<ReceivedMail[]> {
  const address = to.toLowerCase();
  const toHeader = (mail: ReceivedMail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).some((group) =>
      group.value.some((a) => a.address?.toLowerCase() === address),
    );
  return (await receivedMails()).filter(
    (mail) => (mail.recipients.includes(address) || toHeader(mail)) && predicate(mail),
  );
}

/** Waits for a message to `to` that `predicate` accepts and answers the latest such message. */
export async function waitForMail(
  to: string,
  predicate: (mail: ReceivedMail) => boolean = () => true,
  { timeout = 30_000 } = {},
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to, predicate)).at(-1);
        return found !== undefined;
      },
      { timeout, intervals: [250, 500, 1000], message: `a mail to ${to} in ${mailDir()}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a message's text part that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\S+`).exec(mail.text ?? '');
  if (!match) throw new Error(`no link starting with ${prefix} in "${mail.subject}"`);
  return match[0];
}

/**
 * A header as it was sent (unfolded, after its name): mailparser folds the `List-*` headers into one
 * structured `list` entry, which hides how they were written.
 */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.replace(/\r?\n[ \t]+/g, ' ').replace(/^[^:]+:\s*/, '');
}
