import type { PublicGuest, PublicMeeting } from '@meetflow/shared/schemas/public';
import { displayTextOrDefault } from '@meetflow/shared/display-text';
import { useTranslation } from '../../../../lib/i18n.ts';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { formatDateTime, maskedContactLines } from '../../display.ts';
import { GuestQr } from './guest-qr.tsx';
import { MailSentNote } from './mail-sent-note.tsx';
import { AwaitingApproval } from './application-view.tsx';

/** The guest's QR code and data; `mailNote` adds where the sign-up mail went, under the details. */
export function GuestCard({
  meeting,
  guest,
  token,
  mailNote,
}: {
  meeting: PublicMeeting;
  guest: PublicGuest;
  token: string;
  mailNote: boolean;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const config = meeting.display_config;
  return (
    <section className="mf-pub-card mf-pub-center" aria-labelledby="pub-guest-title" data-testid="guest-card">
      <h2 className="mf-pub-h2" id="pub-guest-title">
        {displayTextOrDefault(config, 'guest_info_title', lang)}
      </h2>
      {/* An unpaid guest's code comes with the payment (the order panel shows what to pay). */}
      {/* Awaiting the organiser's approval (issue 45): the code comes with the decision. */}
      {guest.approval === 'pending' && <AwaitingApproval />}
      {guest.guest_code !== null && (
        <>
          <p className="mf-pub-intro">{displayTextOrDefault(config, 'guest_info_hint', lang)}</p>
          <GuestQr code={guest.guest_code} />
        </>
      )}
      <p className="mf-pub-guest-name" data-testid="guest-name">
        {guest.display_name}
      </p>
      {maskedContactLines(guest).map((line) => (
        <p key={line} className="mf-pub-guest-contact" data-testid="guest-contact">
          {line}
        </p>
      ))}
      <p className="mf-pub-guest-contact">
        {t('pub.signedUpAt')}: {formatDateTime(guest.signed_up_at, meeting.time_zone, lang)}
      </p>
      {mailNote && <MailSentNote token={token} />}
    </section>
  );
}
