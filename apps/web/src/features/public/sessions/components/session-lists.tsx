import { useState } from 'react';
import type { PublicGuest, PublicMeeting } from '@meetflow/shared/schemas/public';
import { nameIn } from '@meetflow/shared/languages';
import { useTranslation } from '../../../../lib/i18n.ts';
import { toast } from '../../../../lib/toast.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatDateTime, matchesKeyword, sessionWhen } from '../../display.ts';
import { errorMessage, usePageLanguage } from '../../components/public-frame.tsx';
import { isTokenLost, PUBLIC_ERROR_CODES, PublicApiError, publicApi } from '../../public-api.ts';
import { sessionRowState, type SessionRowState } from '../../waitlist-state.ts';

type Session = PublicMeeting['schedules'][number];
type Action = 'enrol' | 'cancel' | 'join' | 'leave' | 'accept' | 'decline';
type Pending = { action: Action; session: Session; offerToken: string | null };

/** The confirmation each action asks for (accepting a held seat asks none: it only gains a seat). */
const CONFIRM: Record<Exclude<Action, 'accept'>, { title: string; ok: string; dismiss?: string }> = {
  enrol: { title: 'pub.confirmEnrol', ok: 'pub.enrol' },
  cancel: { title: 'pub.confirmCancel', ok: 'pub.cancelEnrol', dismiss: 'pub.keepEnrol' },
  join: { title: 'pub.waitlist.confirmSessionJoin', ok: 'pub.waitlist.sessionJoin' },
  leave: {
    title: 'pub.waitlist.confirmSessionLeave',
    ok: 'pub.waitlist.sessionLeave',
    dismiss: 'pub.waitlist.stay',
  },
  decline: {
    title: 'pub.waitlist.confirmDecline',
    ok: 'pub.waitlist.decline',
    dismiss: 'pub.waitlist.keepOffer',
  },
};

/** The buttons of a row: what the guest may do with the session in the state it is in. */
function rowActions(state: SessionRowState | 'enrolled'): { action: Action; label: string }[] {
  switch (state === 'enrolled' ? state : state.kind) {
    case 'enrolled':
      return [{ action: 'cancel', label: 'pub.cancelEnrol' }];
    case 'offered':
      return [
        { action: 'decline', label: 'pub.waitlist.decline' },
        { action: 'accept', label: 'pub.waitlist.accept' },
      ];
    case 'waiting':
      return [{ action: 'leave', label: 'pub.waitlist.sessionLeave' }];
    case 'waitlist':
      return [{ action: 'join', label: 'pub.waitlist.sessionJoin' }];
    case 'full':
      // Nothing to do: a greyed "Enroll" still read as a button (the row says "Full" instead).
      return [];
    default:
      return [{ action: 'enrol', label: 'pub.enrol' }];
  }
}

function SessionItem({
  session,
  state,
  zone,
  busy,
  onAction,
}: {
  session: Session;
  /** 'enrolled', or the state of a session the guest is not in. */
  state: SessionRowState | 'enrolled';
  zone: string;
  /** An action is under way: the rows wait for it. */
  busy: boolean;
  onAction: (action: Action) => void;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const name = nameIn(lang, session.name, session.name_cn, session.name_en);
  const status = (() => {
    if (state === 'enrolled') return null;
    switch (state.kind) {
      case 'offered':
        return state.place.offer_expires_at == null
          ? t('pub.waitlist.offeredTitle')
          : t('pub.waitlist.sessionOffered', {
              time: formatDateTime(state.place.offer_expires_at, zone, lang),
            });
      case 'waiting':
        return state.place.position == null
          ? t('pub.waitlist.sessionOnList')
          : t('pub.waitlist.sessionWaiting', { position: state.place.position });
      case 'full':
        return null;
      case 'waitlist':
        return t('pub.waitlist.sessionFullJoin');
      default:
        return session.seats_left == null
          ? t('pub.unlimited')
          : t('pub.seatsLeft', { count: session.seats_left });
    }
  })();
  const onList = state !== 'enrolled' && (state.kind === 'offered' || state.kind === 'waiting');
  return (
    <li
      className="mf-pub-session-row"
      data-testid={`${state === 'enrolled' ? 'enrolled' : 'can-enroll'}-${session.id}`}
      data-state={state === 'enrolled' ? state : state.kind}
    >
      <div className="mf-pub-session-text">
        <span className="mf-pub-session-name">{name}</span>
        <span className="mf-pub-session-when">{sessionWhen(session, lang)}</span>
        {status && (
          <span
            className={
              onList
                ? `mf-pub-session-status${state.kind === 'offered' ? ' is-offered' : ''}`
                : 'mf-pub-session-seats'
            }
            data-testid={`session-status-${session.id}`}
          >
            {status}
          </span>
        )}
      </div>
      <div className="mf-pub-row-actions">
        {state !== 'enrolled' && state.kind === 'full' && (
          <span className="mf-pub-tag-full" data-testid={`session-full-${session.id}`}>
            {t('pub.sessionFull')}
          </span>
        )}
        {rowActions(state).map(({ action, label }) => (
          <button
            key={action}
            type="button"
            className={`mf-pub-button${action === 'enrol' || action === 'join' || action === 'accept' ? '' : ' mf-pub-secondary'}`}
            disabled={busy}
            onClick={() => onAction(action)}
            data-testid={`${action}-${session.id}`}
            aria-label={`${t(label)} ${name}`}
          >
            {t(label)}
          </button>
        ))}
      </div>
    </li>
  );
}

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

  const call = async ({ action, session, offerToken }: Pending): Promise<PublicGuest> => {
    switch (action) {
      case 'enrol':
        return publicApi.enrol(token, session.id);
      case 'cancel':
        return publicApi.cancel(token, session.id);
      case 'join':
        return publicApi.joinSessionWaitlist(token, session.id);
      case 'leave':
      case 'decline':
        // Leaving a session's list declines the seat it holds for the guest, and answers the guest.
        return publicApi.leaveSessionWaitlist(token, session.id);
      case 'accept': {
        const result = await publicApi.acceptOffer(offerToken ?? '');
        if (!result.guest) throw new Error('accepted offer without a guest');
        onToken(result.guest_token);
        return result.guest;
      }
    }
  };

  const run = async (job: Pending) => {
    setBusy(true);
    setMessage(null);
    try {
      onGuest(await call(job));
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
