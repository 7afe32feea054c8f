import { parentPort } from 'node:worker_threads';
import { setTimeZone } from '../../lib/local-time.ts';
import { renderMail, type MailContext } from './mail-render.ts';

/*
 * Runs renderMail off the main thread (mail-renderer.ts): the QR code and MJML cost ~30 ms of CPU a
 * message, which on the main thread would stall sign-ups and scans while a burst of mail goes out.
 */
parentPort!.on('message', (message: { id: number; ctx: MailContext }) => {
  setTimeZone(message.ctx.timeZone);
  renderMail(message.ctx).then(
    (mail) => parentPort!.postMessage({ id: message.id, mail }),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: String(error) }),
  );
});
