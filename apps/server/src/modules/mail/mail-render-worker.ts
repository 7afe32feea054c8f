import { parentPort } from 'node:worker_threads';
import { setTimeZone } from '../../lib/local-time.ts';
import { renderMail, type MailContext } from './mail-render.ts';

/*
 * Runs renderMail off the main thread (mail-renderer.ts): a meeting's first mail of a kind and
 * language compiles its MJML (tens of ms of CPU), which on the main thread would stall sign-ups and
 * scans; the worker also keeps the compiled mails (mail-render-template.ts) from one mail to the next.
 */
let zone: string | undefined;

parentPort!.on('message', (message: { id: number; ctx: MailContext }) => {
  // Checking a zone builds an Intl formatter (~3 % of the worker's profile): once, not per mail.
  if (message.ctx.timeZone !== zone) {
    setTimeZone(message.ctx.timeZone);
    zone = message.ctx.timeZone;
  }
  renderMail(message.ctx).then(
    (mail) => parentPort!.postMessage({ id: message.id, mail }),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: String(error) }),
  );
});
