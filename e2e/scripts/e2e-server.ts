import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';

/*
 * The e2e web server (playwright.config.ts `webServer`): first an SMTP server that writes every
 * message it receives as an .eml file into E2E_MAIL_DIR (what support/mail.ts reads), then the app
 * server itself, in this process, with SMTP_URL pointing at it. Starting the mail server first means
 * the app never meets a refused connection (Playwright starts `webServer` before `globalSetup`, so a
 * global setup would come too late), and one process means Playwright stops both at the end.
 */

const port = Number(process.env.E2E_SMTP_PORT);
const mailDir = process.env.E2E_MAIL_DIR;
if (!Number.isInteger(port) || port <= 0 || !mailDir) {
  throw new Error('e2e-server: E2E_SMTP_PORT and E2E_MAIL_DIR must be set (see playwright.config.ts)');
}
fs.mkdirSync(mailDir, { recursive: true });

let serial = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  // Large enough for a confirmation with its QR image and calendar file.
  size: 10 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      // The envelope's recipients as a header of our own: a message is found by where it went.
      const rcpt = session.envelope.rcptTo.map((r) => r.address).join(', ');
      const name = `${Date.now()}-${String(++serial).padStart(5, '0')}`;
      const file = path.join(mailDir, `${name}.eml`);
      try {
        // Written beside and renamed: a reader never sees half a message.
        fs.writeFileSync(
          `${file}.part`,
          Buffer.concat([Buffer.from(`X-E2E-Rcpt-To: ${rcpt}\r\n`), ...chunks]),
        );
        fs.renameSync(`${file}.part`, file);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    });
  },
});
server.on('error', (error) => {
  console.error('e2e SMTP server:', error);
  process.exit(1);
});
await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

// The app server, as production starts it: the server's build (`node apps/server/dist/main.js`, built
// by playwright.config.ts when its sources changed).
const main = path.resolve(import.meta.dirname, '../../apps/server/dist/main.js');
await import(pathToFileURL(main).href);
