import { useState } from 'react';
import { Link } from 'react-router';
import type { GuestTokenResult, PublicMeeting } from '@meetflow/shared/schemas/public';
import type { MeetingWaitlistEntry } from '@meetflow/shared/schemas/waitlist';
import { useTranslation } from '../../../../lib/i18n.ts';
import { formatTime } from '../../../../lib/date-time.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../display.ts';
import { usePlaceRefresh } from '../use-place-refresh.ts';
import { EntryFacts } from './entry-facts.tsx';
import { OfferActions } from './offer-actions.tsx';
import { errorMessage, usePageLanguage } from '../../components/public-frame.tsx';
import { isTokenLost, publicApi } from '../../public-api.ts';
import { entryPhase, signUpMode } from '../../waitlist-state.ts';

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
  const [leaving, setLeaving] = useState<'confirm' | 'busy' | null>(null);
  const [leaveFailed, setLeaveFailed] = useState<string | null>(null);

  const { updatedAt, refreshFailed, refresh } = usePlaceRefresh({ token, onList, onEntry, onPlaceGone });

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
            <OfferActions offerToken={entry.offer_token} onAccepted={onAccepted} onClosed={refresh} />
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
      <EntryFacts meeting={meeting} entry={entry} />
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
              onClick={refresh}
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
