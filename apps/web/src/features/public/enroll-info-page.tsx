import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { PublicGuest } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../lib/i18n.ts';
import { displayTextOrDefault } from '@meetflow/shared/display-text';
import { formatDateTime, maskedContactLines } from './display.ts';
import { GuestCertificate } from './guest-certificate.tsx';
import { GuestQr } from './guest-qr.tsx';
import {
  errorMessage,
  MeetingHeader,
  MeetingLoadState,
  PublicFrame,
  usePageLanguage,
} from './public-frame.tsx';
import {
  forgetGuestToken,
  PUBLIC_ERROR_CODES,
  PublicApiError,
  publicApi,
  readGuestToken,
} from './public-api.ts';
import { SessionLists } from './session-lists.tsx';
import { usePublicMeeting } from './use-public-meeting.ts';

type GuestState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; guest: PublicGuest };

/** /enroll-info/:meetingId — the guest's QR code, data, guide and (date-schedule) sessions. */
export default function EnrollInfoPage() {
  const { meetingId = '' } = useParams();
  const token = readGuestToken(meetingId);
  if (!token) return <Navigate to={`/check-in/${encodeURIComponent(meetingId)}`} replace />;
  return <EnrollInfo publicId={meetingId} token={token} />;
}

function EnrollInfo({ publicId, token }: { publicId: string; token: string }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const navigate = useNavigate();
  const { state, reload, retry } = usePublicMeeting(publicId);
  const [guest, setGuest] = useState<GuestState>({ status: 'loading' });
  const [view, setView] = useState<'code' | 'sessions'>('code');
  const [attempt, setAttempt] = useState(0);

  const tokenLost = useCallback(() => {
    forgetGuestToken(publicId);
    void navigate(`/check-in/${encodeURIComponent(publicId)}`, { replace: true });
  }, [navigate, publicId]);

  useEffect(() => {
    const controller = new AbortController();
    publicApi
      .guest(token, controller.signal)
      .then((g) => {
        if (g.meeting_public_id !== publicId) tokenLost();
        else setGuest({ status: 'ready', guest: g });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof PublicApiError && error.code === PUBLIC_ERROR_CODES.GUEST_TOKEN_INVALID)
          tokenLost();
        else
          setGuest({
            status: 'error',
            message: errorMessage(error, t('pub.loadFailed'), t('pub.networkError')),
          });
      });
    return () => controller.abort();
    // t changes with the language; the guest does not need re-fetching for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, publicId, tokenLost, attempt]);

  if (state.status !== 'ready') return <MeetingLoadState state={state} onRetry={retry} />;
  const meeting = state.meeting;
  const config = meeting.display_config;
  const dateSchedule = meeting.meeting_type === 'date_schedule';
  const back = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate(`/check-in/${encodeURIComponent(publicId)}`);
  };

  return (
    <PublicFrame meeting={meeting}>
      <MeetingHeader meeting={meeting} />
      {guest.status === 'loading' && (
        <p className="mf-pub-status" role="status">
          <span className="mf-pub-spinner" aria-hidden="true" />
          {t('pub.loading')}
        </p>
      )}
      {guest.status === 'error' && (
        <section className="mf-pub-card mf-pub-center" role="alert">
          <p>{guest.message}</p>
          <button type="button" className="mf-pub-button" onClick={() => setAttempt((a) => a + 1)}>
            {t('pub.retry')}
          </button>
        </section>
      )}
      {guest.status === 'ready' && (
        <>
          {dateSchedule && (
            <div
              className="mf-pub-toggle"
              role="group"
              aria-label={t('pub.viewToggle')}
              data-testid="view-toggle"
            >
              <button
                type="button"
                aria-pressed={view === 'code'}
                onClick={() => setView('code')}
                data-testid="view-code"
              >
                {t('pub.guestCode')}
              </button>
              <button
                type="button"
                aria-pressed={view === 'sessions'}
                onClick={() => setView('sessions')}
                data-testid="view-sessions"
              >
                {t('pub.sessions')}
              </button>
            </div>
          )}
          {view === 'sessions' && dateSchedule ? (
            <SessionLists
              meeting={meeting}
              guest={guest.guest}
              token={token}
              onGuest={(g) => setGuest({ status: 'ready', guest: g })}
              onStale={reload}
              onTokenLost={tokenLost}
            />
          ) : (
            <section
              className="mf-pub-card mf-pub-center"
              aria-labelledby="pub-guest-title"
              data-testid="guest-card"
            >
              <h2 className="mf-pub-h2" id="pub-guest-title">
                {displayTextOrDefault(config, 'guest_info_title', lang)}
              </h2>
              <p className="mf-pub-intro">{displayTextOrDefault(config, 'guest_info_hint', lang)}</p>
              <GuestQr code={guest.guest.guest_code} />
              <p className="mf-pub-guest-name" data-testid="guest-name">
                {guest.guest.display_name}
              </p>
              {maskedContactLines(guest.guest).map((line) => (
                <p key={line} className="mf-pub-guest-contact" data-testid="guest-contact">
                  {line}
                </p>
              ))}
              <p className="mf-pub-guest-contact">
                {t('pub.signedUpAt')}: {formatDateTime(guest.guest.signed_up_at, meeting.time_zone, lang)}
              </p>
            </section>
          )}
          {view === 'code' && <GuestCertificate token={token} onTokenLost={tokenLost} />}
        </>
      )}
      <nav className="mf-pub-links" aria-label={t('pub.guide')}>
        {meeting.guide_file_id && (
          <Link
            className="mf-pub-button mf-pub-secondary"
            to={`/guide/${encodeURIComponent(publicId)}`}
            data-testid="link-guide"
          >
            {t('pub.guide')}
          </Link>
        )}
        {meeting.schedule_file_id && (
          <Link
            className="mf-pub-button mf-pub-secondary"
            to={`/schedule/${encodeURIComponent(publicId)}`}
            data-testid="link-schedule"
          >
            {t('pub.schedule')}
          </Link>
        )}
        <button type="button" className="mf-pub-button mf-pub-secondary" onClick={back} data-testid="go-back">
          {t('pub.goBack')}
        </button>
      </nav>
    </PublicFrame>
  );
}
