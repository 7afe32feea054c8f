import { useState } from 'react';
import type { PublicGuest, PublicMeeting } from '@meetflow/shared/schemas/public';
import { nameIn } from '@meetflow/shared/languages';
import { useTranslation } from '../../../../lib/i18n.ts';
import { toast } from '../../../../lib/toast.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { matchesKeyword, sessionWhen } from '../../display.ts';
import { errorMessage, usePageLanguage } from '../../components/public-frame.tsx';
import { isTokenLost, PUBLIC_ERROR_CODES, PublicApiError, publicApi } from '../../public-api.ts';
import { sessionRowState } from '../../waitlist-state.ts';
import { CONFIRM, type Action, type Pending, type Session } from '../session-actions.ts';
import { sessionCall } from '../sessions-api.ts';
import { SessionItem } from './session-item.tsx';

/**
 * Enrolled and can-enroll sessions of a date-schedule guest, with search, enrol and cancel, and the
 * sessions' waiting lists: join a full session's, leave it, accept or decline a seat held for the guest.
 */
export function SessionLists({
  meeting,
  guest,
  token,
  onGuest,
  onToken,
  onStale,
  onTokenLost,
}: {
  meeting: PublicMeeting;
  guest: PublicGuest;
  token: string;
  onGuest: (guest: PublicGuest) => void;
  /** Accepting a held seat hands this device a new guest token. */
  onToken: (token: string) => void;
  onStale: () => void;
  onTokenLost: () => void;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const [keyword, setKeyword] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const enrolledIds = new Set(guest.enrolled_schedule_ids);
  const enrollableIds = new Set(guest.enrollable_schedule_ids);
  const placeIds = new Set(guest.waitlist.map((p) => p.schedule_id));
  const enrolled = meeting.schedules.filter((s) => enrolledIds.has(s.id));
  // The sessions the guest waits for come first: a seat held for them must not hide below the fold.
  const canEnroll = meeting.schedules
    .filter((s) => (enrollableIds.has(s.id) || placeIds.has(s.id)) && !enrolledIds.has(s.id))
    .sort((a, b) => Number(placeIds.has(b.id)) - Number(placeIds.has(a.id)));
  const shownEnrolled = enrolled.filter((s) => matchesKeyword(s, keyword, lang));
  const shownCanEnroll = canEnroll.filter((s) => matchesKeyword(s, keyword, lang));

  const run = async (job: Pending) => {
    setBusy(true);
    setMessage(null);
    try {
      onGuest(await sessionCall(token, job, onToken));
      toast.success(job.action === 'accept' ? t('pub.waitlist.accepted') : t('pub.operationSuccess'));
    } catch (error) {
      if (isTokenLost(error)) {
        onTokenLost();
        return;
      }
      setMessage(errorMessage(error, t('pub.loadFailed'), t('pub.networkError')));
      // The offer lapsed or was decided elsewhere: show what the guest's places are now.
      if (error instanceof PublicApiError && error.code === PUBLIC_ERROR_CODES.OFFER_NOT_OPEN)
        publicApi.guest(token).then(onGuest, () => undefined);
    } finally {
      setBusy(false);
      setPending(null);
      onStale();
    }
  };

  const onAction = (session: Session, action: Action) => {
    const offerToken = guest.waitlist.find((p) => p.schedule_id === session.id)?.offer_token ?? null;
    const job = { action, session, offerToken };
    if (action === 'accept') void run(job);
    else setPending(job);
  };

  const empty = (all: Session[]) => (
    <p className="mf-pub-empty">{all.length === 0 ? t('pub.none') : t('pub.noMatch')}</p>
  );
  const confirm = pending && pending.action !== 'accept' ? CONFIRM[pending.action] : null;

  return (
    <section className="mf-pub-card" aria-label={t('pub.sessions')} data-testid="session-lists">
      <div className="mf-pub-field">
        <label className="mf-pub-label" htmlFor="pub-session-search">
          {t('pub.search')}
        </label>
        <input
          id="pub-session-search"
          className="mf-pub-input"
          type="search"
          value={keyword}
          placeholder={t('pub.searchPlaceholder')}
          onChange={(e) => setKeyword(e.target.value)}
          data-testid="session-search"
        />
      </div>
      <div role="alert">
        {message && (
          <p className="mf-pub-notice" data-testid="session-message">
            {message}
          </p>
        )}
      </div>
      <h2 className="mf-pub-h2">{t('pub.enrolled')}</h2>
      {shownEnrolled.length === 0 ? (
        empty(enrolled)
      ) : (
        <ul className="mf-pub-list" data-testid="enrolled-list">
          {shownEnrolled.map((s) => (
            <SessionItem
              key={s.id}
              session={s}
              state="enrolled"
              zone={meeting.time_zone}
              busy={busy}
              onAction={(action) => onAction(s, action)}
            />
          ))}
        </ul>
      )}
      <h2 className="mf-pub-h2">{t('pub.canEnroll')}</h2>
      {shownCanEnroll.length === 0 ? (
        empty(canEnroll)
      ) : (
        <ul className="mf-pub-list" data-testid="can-enroll-list">
          {shownCanEnroll.map((s) => (
            <SessionItem
              key={s.id}
              session={s}
              state={sessionRowState(s, guest.waitlist)}
              zone={meeting.time_zone}
              busy={busy}
              onAction={(action) => onAction(s, action)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? t(confirm.title) : ''}
        body={
          pending
            ? `${nameIn(lang, pending.session.name, pending.session.name_cn, pending.session.name_en)} · ${sessionWhen(pending.session, lang)}`
            : undefined
        }
        confirmLabel={confirm ? t(confirm.ok) : undefined}
        dismissLabel={confirm?.dismiss ? t(confirm.dismiss) : undefined}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void run(pending)}
      />
    </section>
  );
}
