import { useEffect, useEffectEvent, useState } from 'react';
import { Link } from 'react-router';
import { nameIn } from '@meetflow/shared/languages';
import type { GuestTokenResult, PublicMeeting } from '@meetflow/shared/schemas/public';
import type { MeetingWaitlistEntry } from '@meetflow/shared/schemas/waitlist';
import { useTranslation } from '../../../../lib/i18n.ts';
import { formatTime } from '../../../../lib/date-time.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatDateTime, maskedContactLines } from '../../display.ts';
import { OfferActions } from './offer-actions.tsx';
import { errorMessage, usePageLanguage } from '../../components/public-frame.tsx';
import { isTokenLost, publicApi } from '../../public-api.ts';
import { entryPhase, signUpMode } from '../../waitlist-state.ts';

/** How often an open waiting page reads the visitor's place again. */
const REFRESH_MS = 30_000;

/**
 * The page of a visitor on the meeting's waiting list (not yet a guest): their place, read again
 * every 30 s and whenever they come back to the page; the seat held for them with accept / decline;
 * leaving the list. The parent switches to the guest page once a seat is theirs (`onEntry` with
 * status 'promoted', or `onAccepted`).
 */
export function WaitingView({
  meeting,
  token,
  entry,
  justJoined,
  onEntry,
  onAccepted,
  onPlaceGone,
}: {
  meeting: PublicMeeting;
  token: string;
  entry: MeetingWaitlistEntry;
  /** Arrived from the sign-up that put them on the list: say so. */
  justJoined: boolean;
  onEntry: (entry: MeetingWaitlistEntry) => void;
  onAccepted: (result: GuestTokenResult) => void;
  /** The token opens no place any more (a seat given meanwhile, or the token lost): read what it opens. */
  onPlaceGone: () => void;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const phase = entryPhase(entry.status);
  const onList = phase === 'waiting' || phase === 'offered';
  const [updatedAt, setUpdatedAt] = useState(() => Date.now());
  const [refreshFailed, setRefreshFailed] = useState<string | null>(null);
  const [refreshes, setRefreshes] = useState(0);
  const [leaving, setLeaving] = useState<'confirm' | 'busy' | null>(null);
  const [leaveFailed, setLeaveFailed] = useState<string | null>(null);

  const received = useEffectEvent((next: MeetingWaitlistEntry) => {
    setUpdatedAt(Date.now());
    setRefreshFailed(null);
    onEntry(next);
  });
  const failed = useEffectEvent((error: unknown) => {
    if (isTokenLost(error)) onPlaceGone();
    // The last place read stays on screen with its time; the next refresh tries again.
    else setRefreshFailed(errorMessage(error, t('pub.loadFailed'), t('pub.networkError')));
  });

  // Each refresh (timer, return to the page, the button) reads the place once; the parent's first
  // read is refresh 0.
  useEffect(() => {
    if (refreshes === 0) return;
    const controller = new AbortController();
    publicApi.waitlist(token, controller.signal).then(received, (error: unknown) => {
      if (!controller.signal.aborted) failed(error);
    });
    return () => controller.abort();
  }, [token, refreshes]);

  useEffect(() => {
    if (!onList) return;
    const again = () => {
      if (document.visibilityState === 'visible') setRefreshes((n) => n + 1);
    };
    const timer = setInterval(again, REFRESH_MS);
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [onList]);

  const leave = async () => {
    setLeaving('busy');
    setLeaveFailed(null);
    try {
      onEntry(await publicApi.leaveWaitlist(token));
    } catch (error) {
      if (isTokenLost(error)) return onPlaceGone();
      setLeaveFailed(errorMessage(error, t('pub.loadFailed'), t('pub.networkError')));
    } finally {
      setLeaving(null);
    }
  };

  const chosen = meeting.schedules.filter((s) => entry.schedule_ids.includes(s.id));
  const zone = meeting.time_zone;

  return (
    <section
      className="mf-pub-card"
      aria-labelledby="pub-waitlist-title"
      data-testid="waitlist-card"
      data-status={entry.status}
    >
      <h2 className="mf-pub-h2" id="pub-waitlist-title">
        {t('pub.waitlist.title')}
      </h2>
      <div role="status">
        {justJoined && onList && (
          <p className="mf-pub-success mf-pub-success-title" data-testid="waitlist-joined">
            {t('pub.waitlist.joined')}
          </p>
        )}
      </div>
      {phase === 'waiting' && (
        <p className="mf-pub-position" data-testid="waitlist-position">
          {entry.position == null
            ? t('pub.waitlist.onList')
            : t('pub.waitlist.position', { position: entry.position })}
        </p>
      )}
      {phase === 'offered' && (
        <div className="mf-pub-offer" data-testid="waitlist-offer">
          <h3 className="mf-pub-offer-title">{t('pub.waitlist.offeredTitle')}</h3>
          {entry.offer_expires_at != null && (
            <p>
              {t('pub.waitlist.offeredUntil', { time: formatDateTime(entry.offer_expires_at, zone, lang) })}
            </p>
          )}
          {entry.offer_token && (
            <OfferActions
              offerToken={entry.offer_token}
              onAccepted={onAccepted}
              onClosed={() => setRefreshes((n) => n + 1)}
            />
          )}
        </div>
      )}
      {phase === 'off' && (
        <div className="mf-pub-off" data-testid="waitlist-off">
          <p>{t(`pub.waitlist.off.${entry.status}`)}</p>
          {signUpMode(meeting) !== 'closed' && (
            <Link
              className="mf-pub-link"
              to={`/sign-up/${encodeURIComponent(meeting.public_id)}`}
              data-testid="waitlist-sign-up-again"
            >
              {t('pub.waitlist.signUpAgain')}
            </Link>
          )}
        </div>
      )}
      <p className="mf-pub-guest-name" data-testid="guest-name">
        {entry.display_name}
      </p>
      {maskedContactLines(entry).map((line) => (
        <p key={line} className="mf-pub-guest-contact">
          {line}
        </p>
      ))}
      <dl className="mf-pub-facts">
        <div>
          <dt>{t('pub.waitlist.joinedAt')}</dt>
          <dd>{formatDateTime(entry.joined_at, zone, lang)}</dd>
        </div>
        {chosen.length > 0 && (
          <div>
            <dt>{t('pub.waitlist.sessionsChosen')}</dt>
            <dd>
              <ul className="mf-pub-plain-list">
                {chosen.map((s) => (
                  <li key={s.id}>{nameIn(lang, s.name, s.name_cn, s.name_en)}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
      {onList && (
        <>
          <p className="mf-pub-hint" data-testid="waitlist-updated">
            {t('pub.waitlist.refreshHint', { time: formatTime(updatedAt, zone) })}
          </p>
          <div role="alert">
            {refreshFailed && <p className="mf-pub-notice mf-pub-after">{refreshFailed}</p>}
            {leaveFailed && <p className="mf-pub-notice mf-pub-after">{leaveFailed}</p>}
          </div>
          <div className="mf-pub-actions mf-pub-after">
            <button
              type="button"
              className="mf-pub-button mf-pub-secondary"
              onClick={() => setRefreshes((n) => n + 1)}
              data-testid="waitlist-refresh"
            >
              {t('pub.waitlist.refresh')}
            </button>
            {phase === 'waiting' && (
              <button
                type="button"
                className="mf-pub-button mf-pub-secondary"
                onClick={() => setLeaving('confirm')}
                data-testid="waitlist-leave"
              >
                {t('pub.waitlist.leave')}
              </button>
            )}
          </div>
        </>
      )}
      <ConfirmDialog
        open={leaving !== null}
        title={t('pub.waitlist.confirmLeave')}
        body={t('pub.waitlist.confirmLeaveBody')}
        confirmLabel={t('pub.waitlist.leave')}
        dismissLabel={t('pub.waitlist.stay')}
        busy={leaving === 'busy'}
        onCancel={() => setLeaving(null)}
        onConfirm={() => void leave()}
      />
    </section>
  );
}
