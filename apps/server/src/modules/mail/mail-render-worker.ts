import { parentPort } from 'node:worker_threads';
import { setTimeZone } from '../../lib/local-time.ts';
import { renderMail, type MailContext } from './mail-render.ts';

/*
 * Runs renderMail off the main thread (mail-renderer.ts): a meeting's first mail of a kind and
 * language compiles its MJML (tens of ms of CPU), which on the main thread would stall sign-ups and
 * scans; the worker also keeps the compiled mails (mail-render-template.ts) from one mail to the next.
 */
parentPort!.on('message', (message: { id: number; ctx: MailContext }) => {
  setTimeZone(message.ctx.timeZone);
  renderMail(message.ctx).then(
    (mail) => parentPort!.postMessage({ id: message.id, mail }),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: String(error) }),
  );
});
