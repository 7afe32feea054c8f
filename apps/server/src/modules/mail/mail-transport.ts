import type { Transporter } from 'nodemailer';
import { onFirstUse } from '../../lib/on-first-use.ts';
import { PermanentJobError } from '../jobs/jobs.service.ts';

// nodemailer is a large tree of modules: loaded with the first message sent, not at start-up.
const loadNodemailer = onFirstUse(async () => (await import('nodemailer')).default);

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer; cid?: string }[];
  /** An iTIP calendar message, sent as an inline text/calendar alternative with its method. */
  invitation?: { method: string; content: string };
  /** Stable per message: a send repeated after a crash carries the same Message-ID. */
  messageId: string;
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer, from `SMTP_URL` (smtp:// or smtps://, credentials in the URL). A 5xx
 * answer is permanent (the address or the message is refused: no retry); anything else — a 4xx,
 * a refused or dropped connection, a timeout — is temporary and retried with back-off by the runner.
 */
export function createMailTransport(smtpUrl: string, from: string): MailTransport {
  // Pooled: a burst reuses a few open connections instead of a handshake (and AUTH) per message.
  let pooled: Transporter | undefined;
  let closed = false;
  const transporter = onFirstUse(async () => {
    const nodemailer = await loadNodemailer();
    pooled = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 4 }, { from });
    if (closed) pooled.close();
    return pooled;
  });
  return {
    async send(mail) {
      try {
        if (closed) throw new Error('mail transport closed');
        const smtp = await transporter();
        await smtp.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          attachments: mail.attachments,
          // Not nodemailer's icalEvent: it adds its own application/ics file beside ours.
          ...(mail.invitation
            ? {
                alternatives: [
                  {
                    contentType: `text/calendar; charset=utf-8; method=${mail.invitation.method}`,
                    content: mail.invitation.content,
                  },
                ],
              }
            : {}),
          messageId: mail.messageId,
          headers: mail.headers,
        });
      } catch (error) {
        const responseCode = (error as { responseCode?: number }).responseCode;
        // The server's words, without the address (personal data stays out of job rows and logs).
        const reason = (error as Error).message.replaceAll(mail.to, '<recipient>');
        if (responseCode !== undefined && responseCode >= 500) throw new PermanentJobError(reason);
        throw new Error(reason, { cause: error });
      }
    },
    close: () => {
      closed = true;
      pooled?.close();
    },
  };
}
