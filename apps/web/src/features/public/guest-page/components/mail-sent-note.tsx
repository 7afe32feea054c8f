import { useEffect, useState } from 'react';
import type { GuestConfirmationMail } from '@meetflow/shared/schemas/mail';
import { useTranslation } from '../../../../lib/i18n.ts';
import { errorMessage } from '../../components/public-frame.tsx';
import { publicApi } from '../../public-api.ts';
import '../application-i18n.ts';

type Sending =
  { status: 'idle' } | { status: 'busy' } | { status: 'sent' } | { status: 'failed'; text: string };

/**
 * "A confirmation was sent to j***@…" with a "send again" button, on the guest card: only when the
 * meeting sends confirmations and the guest gave an address (the server answers null otherwise, and
 * the line is not shown; nor while it is asked, nor when asking fails: it is a help, not the page).
 * `boxed`: a card of its own, above the guest card (just after signing up). While the confirmation
 * waits for the organiser's approval, only that the application went in (no "send again": the code
 * comes with the decision); while it waits for payment, nothing.
 */
export function MailSentNote({ token, boxed = false }: { token: string; boxed?: boolean }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<GuestConfirmationMail | null>(null);
  const [sending, setSending] = useState<Sending>({ status: 'idle' });

  useEffect(() => {
    const controller = new AbortController();
    publicApi.confirmationMail(token, controller.signal).then(
      (status) => setAnswer(status),
      () => undefined,
    );
    return () => controller.abort();
  }, [token]);

  const maskedEmail = answer?.masked_email;
  if (!maskedEmail || answer.awaiting === 'payment') return null;
  if (answer.awaiting === 'approval') {
    return (
      <p className="mf-pub-guest-contact" data-testid="mail-application-received">
        {t('pubApproval.mailReceived', { email: maskedEmail })}
      </p>
    );
  }
  const sendAgain = async () => {
    setSending({ status: 'busy' });
    try {
      await publicApi.resendConfirmation(token);
      setSending({ status: 'sent' });
    } catch (error) {
      setSending({ status: 'failed', text: errorMessage(error, t('pub.loadFailed'), t('pub.networkError')) });
    }
  };
  return (
    <div className={boxed ? 'mf-pub-card mf-pub-mail-note' : 'mf-pub-mail-note'}>
      <p className="mf-pub-guest-contact" data-testid="mail-sent-to">
        {t('pub.mailSentTo', { email: maskedEmail })}
      </p>
      <button
        type="button"
        className="mf-pub-button mf-pub-secondary"
        disabled={sending.status === 'busy' || sending.status === 'sent'}
        onClick={() => void sendAgain()}
        data-testid="mail-resend"
      >
        {t('pub.mailResend')}
      </button>
      <div>
        <p role="status" className="mf-pub-mail-result" data-testid="mail-resend-status">
          {sending.status === 'sent' && t('pub.mailResent')}
        </p>
        <p role="alert" className="mf-pub-mail-result is-error" data-testid="mail-resend-error">
          {sending.status === 'failed' && sending.text}
        </p>
      </div>
    </div>
  );
}
