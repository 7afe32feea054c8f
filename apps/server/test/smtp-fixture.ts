import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/**
 * A real SMTP server in the test process (smtp-server), whose received messages are parsed with
 * mailparser. `reject` answers RCPT with 550 for matching addresses (a permanent refusal);
 * `holdData` keeps the answer to DATA back until released (a send in flight).
 */
export interface SmtpFixture {
  url: string;
  port: number;
  received: ParsedMail[];
  /** Messages accepted so far, parsed or not. */
  count: number;
  reject: (address: string) => boolean;
  /** While set, DATA is answered only when the returned function is called. */
  holdData: boolean;
  /** Called when a held DATA has arrived in full. */
  onHeld?: (release: () => void) => void;
  close(): Promise<void>;
}

/**
 * `parse: false` (the bench's large broadcasts) answers each message once received, as a mail server
 * does, and only counts it: parsing 100,000 messages here would take the cores from the sender.
 */
export async function startSmtp(port = 0, options: { parse?: boolean } = {}): Promise<SmtpFixture> {
  const parse = options.parse ?? true;
  const fixture: SmtpFixture = {
    url: '',
    port: 0,
    received: [],
    count: 0,
    reject: () => false,
    holdData: false,
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Pooled clients keep connections open: closing waits this long for them, then drops them.
    closeTimeout: 200,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onRcptTo: (address, _session, callback) => {
      if (fixture.reject(address.address)) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          if (!parse) {
            fixture.count += 1;
            return callback();
          }
          // keepCidLinks: the HTML as sent, with its cid: reference to the inline QR image.
          void simpleParser(Buffer.concat(chunks), { keepCidLinks: true }).then((mail) => {
            fixture.received.push(mail);
            fixture.count += 1;
            callback();
          });
        };
        if (fixture.holdData && fixture.onHeld) fixture.onHeld(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fixture.port = (server.server.address() as AddressInfo).port;
  fixture.url = `smtp://user:pass@127.0.0.1:${fixture.port}`;
  fixture.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fixture;
}

/** The attachment of a received mail by file name. */
export function attachment(mail: ParsedMail, filename: string) {
  const found = mail.attachments.find((a) => a.filename === filename);
  if (!found) throw new Error(`no ${filename} in "${mail.subject}"`);
  return found;
}
