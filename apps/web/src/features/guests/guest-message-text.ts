import type { GuestMessage, MailStatus } from './guests-types.ts';

/** The tag colour of a message's status (the green and orange tags are deepened by the shell theme). */
export function messageStatusColor(status: MailStatus): string {
  switch (status) {
    case 'sent':
      return 'green';
    case 'sending':
      return 'processing';
    case 'failed':
      return 'red';
    case 'skipped':
      return 'orange';
    default:
      return 'default';
  }
}

/** What the details column says of a message: a catalogue key with values, the server's reason, or nothing. */
export type MessageDetail =
  | { key: 'waitingForServer' }
  | { key: 'retrying'; reason: string }
  | { key: 'sentAt'; at: number }
  | { key: 'reason'; reason: string }
  | null;

/**
 * Why a message is where it is: waiting for a mail server (none configured), about to be tried again
 * after a failed attempt, the mail server's answer (failed) or why it was not sent (skipped).
 */
export function messageDetail(message: GuestMessage, mailServerConfigured: boolean): MessageDetail {
  const reason = message.reason?.trim() || null;
  switch (message.status) {
    case 'queued':
      if (!mailServerConfigured) return { key: 'waitingForServer' };
      return message.attempts > 0 && reason ? { key: 'retrying', reason } : null;
    case 'failed':
    case 'skipped':
      return reason ? { key: 'reason', reason } : null;
    case 'sent':
      return message.finished_at === null ? null : { key: 'sentAt', at: message.finished_at };
    default:
      return null;
  }
}
