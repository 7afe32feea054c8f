import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { nameIn } from '@meetflow/shared/languages';
import type { GuestTokenResult } from '@meetflow/shared/schemas/public';
import type { WaitlistOffer } from '@meetflow/shared/schemas/waitlist';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatDateTime, sessionWhen } from '../display.ts';
import { MeetinglessFrame } from '../components/meetingless-frame.tsx';
import { OfferActions } from './components/offer-actions.tsx';
import {
  errorMessage,
  MeetingHeader,
  MeetingLoadState,
  PublicFrame,
  usePageLanguage,
} from '../components/public-frame.tsx';
import { PUBLIC_ERROR_CODES, PublicApiError, publicApi, saveGuestToken } from '../public-api.ts';
import type { ArrivalState } from '../arrival-note.ts';
import { usePublicMeeting } from '../use-public-meeting.ts';
import { signUpMode } from '../waitlist-state.ts';

type OfferState =
  | { status: 'loading' | 'invalid' }
  | { status: 'error'; message: string }
  | { status: 'ready'; offer: WaitlistOffer };

/** Answers that mean the link itself is wrong (cut short, made up, or its place long gone). */
const INVALID_LINK: readonly number[] = [
  PUBLIC_ERROR_CODES.WAITLIST_ENTRY_NOT_FOUND,
  PUBLIC_ERROR_CODES.NOT_FOUND,
  PUBLIC_ERROR_CODES.VALIDATION_FAILED,
];

/**
 * /waitlist-offer/:token — the offer mail's link: what seat is held, until when (the meeting's time),
 * Accept or Decline. Opening it only reads the offer (mail scanners open links); accepting stores
 * the guest token it answers, like a sign-up, and opens the guest page.
 */
export default function WaitlistOfferPage() {
  const { token = '' } = useParams();
  // Another link opened in the same tab starts afresh.
  return <OfferLink key={token} offerToken={token} />;
}

function OfferLink({ offerToken }: { offerToken: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<OfferState>({ status: 'loading' });
  const [reads, setReads] = useState(0);

  // A read again (after a decline, or an offer found closed) keeps the page as it is until it answers.
  useEffect(() => {
    let current = true;
    publicApi.offer(offerToken).then(
      (offer) => current && setState({ status: 'ready', offer }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof PublicApiError && INVALID_LINK.includes(error.code))
          setState({ status: 'invalid' });
        else
          setState({
            status: 'error',
            message: errorMessage(error, t('pub.loadFailed'), t('pub.networkError')),
          });
      },
    );
    return () => {
      current = false;
    };
    // t changes with the language; the offer does not need reading again for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offerToken, reads]);

  if (state.status === 'ready')
    return (
      <OfferForMeeting offer={state.offer} offerToken={offerToken} onChanged={() => setReads((n) => n + 1)} />
    );
  return (
    <MeetinglessFrame languageLabel={t('pub.language')}>
      <section
        className="mf-pub-card"
        aria-labelledby="pub-offer-title"
        data-testid="offer-page"
        data-status={state.status}
      >
        <h1 className="mf-pub-title mf-pub-card-title" id="pub-offer-title" data-testid="page-title">
          {t('pub.waitlist.offerTitle')}
        </h1>
        {state.status === 'loading' && (
          <p className="mf-pub-status" role="status">
            <span className="mf-pub-spinner" aria-hidden="true" />
            {t('pub.loading')}
          </p>
        )}
        {state.status === 'invalid' && (
          <p className="mf-pub-notice" role="alert" data-testid="offer-invalid">
            {t('pub.waitlist.offerInvalid')}
          </p>
        )}
        {state.status === 'error' && (
          <div role="alert">
            <p className="mf-pub-notice">{state.message}</p>
            <button
              type="button"
              className="mf-pub-button mf-pub-after"
              onClick={() => setReads((n) => n + 1)}
            >
              {t('pub.retry')}
            </button>
          </div>
        )}
      </section>
    </MeetinglessFrame>
  );
}

/** What became of an offer no longer open, in words. */
const OUTCOME: Partial<Record<WaitlistOffer['status'], string>> = {
  promoted: 'pub.waitlist.offerAccepted',
  expired: 'pub.waitlist.offerExpired',
  declined: 'pub.waitlist.offerDeclined',
};

function OfferForMeeting({
  offer,
  offerToken,
  onChanged,
}: {
  offer: WaitlistOffer;
  offerToken: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const navigate = useNavigate();
  const publicId = offer.meeting_public_id;
  const { state, retry } = usePublicMeeting(publicId);
  if (state.status !== 'ready') return <MeetingLoadState state={state} onRetry={retry} />;
  const meeting = state.meeting;
  const session = offer.session;
  const sessionDetails = session ? meeting.schedules.find((s) => s.id === session.id) : undefined;
  const guestPage = `/enroll-info/${encodeURIComponent(publicId)}`;

  const accepted = (result: GuestTokenResult) => {
    saveGuestToken(publicId, result.guest_token);
    const arrival: ArrivalState = { note: 'accepted' };
    void navigate(guestPage, { state: arrival });
  };

  // After an offer that is no longer open: the guest page for a guest (a session's seat, or the
  // seat taken), else the sign-up while it takes anyone.
  const next =
    offer.status === 'promoted' || session
      ? { to: guestPage, label: t('pub.waitlist.openGuestPage') }
      : signUpMode(meeting) !== 'closed'
        ? { to: `/sign-up/${encodeURIComponent(publicId)}`, label: t('pub.waitlist.signUpAgain') }
        : null;

  return (
    <PublicFrame meeting={meeting}>
      <MeetingHeader meeting={meeting} />
      <section
        className="mf-pub-card"
        aria-labelledby="pub-offer-title"
        data-testid="offer-page"
        data-status={offer.status}
      >
        <h2 className="mf-pub-h2" id="pub-offer-title">
          {offer.status === 'offered' ? t('pub.waitlist.offeredTitle') : t('pub.waitlist.offerTitle')}
        </h2>
        <p className="mf-pub-offer-greeting">
          {t('pub.waitlist.offerGreeting', { name: offer.display_name })}
        </p>
        <p className="mf-pub-position" data-testid="offer-what">
          {session
            ? t('pub.waitlist.offerSession', {
                name: nameIn(lang, session.name, session.name_cn, session.name_en),
              })
            : t('pub.waitlist.offerMeeting')}
        </p>
        {sessionDetails && <p className="mf-pub-session-when">{sessionWhen(sessionDetails, lang)}</p>}
        {offer.status === 'offered' ? (
          <div className="mf-pub-offer">
            {offer.offer_expires_at != null && (
              <p data-testid="offer-deadline">
                {t('pub.waitlist.offeredUntil', {
                  time: formatDateTime(offer.offer_expires_at, meeting.time_zone, lang),
                })}
              </p>
            )}
            <OfferActions offerToken={offerToken} onAccepted={accepted} onClosed={onChanged} />
          </div>
        ) : (
          <div className="mf-pub-off" data-testid="offer-outcome">
            <p>{t(OUTCOME[offer.status] ?? 'pub.waitlist.offerClosed')}</p>
            {next && (
              <Link className="mf-pub-link" to={next.to} data-testid="offer-next">
                {next.label}
              </Link>
            )}
          </div>
        )}
      </section>
    </PublicFrame>
  );
}
