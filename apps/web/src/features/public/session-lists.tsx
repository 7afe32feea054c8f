import { useState } from 'react';
import type { PublicGuest, PublicMeeting } from '@meetflow/shared/schemas/public';
import { nameIn } from '@meetflow/shared/languages';
import { useTranslation } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { matchesKeyword, sessionWhen } from './display.ts';
import { errorMessage, usePageLanguage } from './public-frame.tsx';
import { PUBLIC_ERROR_CODES, PublicApiError, publicApi } from './public-api.ts';

type Session = PublicMeeting['schedules'][number];
type Pending = { kind: 'enrol' | 'cancel'; session: Session };

function SessionItem({
  session,
  action,
  actionLabel,
  disabled,
  onAction,
}: {
  session: Session;
  action: 'enrol' | 'cancel';
  actionLabel: string;
  disabled?: boolean;
  onAction: () => void;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const full = session.seats_left === 0;
  return (
    <li
      className="mf-pub-session-row"
      data-testid={`${action === 'enrol' ? 'can-enroll' : 'enrolled'}-${session.id}`}
    >
      <div className="mf-pub-session-text">
        <span className="mf-pub-session-name">
          {nameIn(lang, session.name, session.name_cn, session.name_en)}
        </span>
        <span className="mf-pub-session-when">{sessionWhen(session, lang)}</span>
        {action === 'enrol' && (
          <span className="mf-pub-session-seats">
            {full
              ? t('pub.sessionFull')
              : session.seats_left == null
                ? t('pub.unlimited')
                : t('pub.seatsLeft', { count: session.seats_left })}
          </span>
        )}
      </div>
      <button
        type="button"
        className={`mf-pub-button${action === 'cancel' ? ' mf-pub-secondary' : ''}`}
        disabled={disabled}
        onClick={onAction}
        data-testid={`${action}-${session.id}`}
        aria-label={`${actionLabel} ${nameIn(lang, session.name, session.name_cn, session.name_en)}`}
      >
        {actionLabel}
      </button>
    </li>
  );
}

/** Enrolled and can-enroll sessions of a date-schedule guest, with search, enrol and cancel. */
export function SessionLists({
  meeting,
  guest,
  token,
  onGuest,
  onStale,
  onTokenLost,
}: {
  meeting: PublicMeeting;
  guest: PublicGuest;
  token: string;
  onGuest: (guest: PublicGuest) => void;
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
  const enrolled = meeting.schedules.filter((s) => enrolledIds.has(s.id));
  const canEnroll = meeting.schedules.filter((s) => enrollableIds.has(s.id) && !enrolledIds.has(s.id));
  const shownEnrolled = enrolled.filter((s) => matchesKeyword(s, keyword, lang));
  const shownCanEnroll = canEnroll.filter((s) => matchesKeyword(s, keyword, lang));

  const run = async () => {
    if (!pending) return;
    setBusy(true);
    setMessage(null);
    try {
      const next =
        pending.kind === 'enrol'
          ? await publicApi.enrol(token, pending.session.id)
          : await publicApi.cancel(token, pending.session.id);
      onGuest(next);
      toast.success(t('pub.operationSuccess'));
    } catch (error) {
      if (error instanceof PublicApiError && error.code === PUBLIC_ERROR_CODES.GUEST_TOKEN_INVALID) {
        onTokenLost();
        return;
      }
      setMessage(errorMessage(error, t('pub.loadFailed'), t('pub.networkError')));
    } finally {
      setBusy(false);
      setPending(null);
      onStale();
    }
  };

  const empty = (all: Session[]) => (
    <p className="mf-pub-empty">{all.length === 0 ? t('pub.none') : t('pub.noMatch')}</p>
  );

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
      {message && (
        <p className="mf-pub-notice" role="alert" data-testid="session-message">
          {message}
        </p>
      )}
      <h2 className="mf-pub-h2">{t('pub.enrolled')}</h2>
      {shownEnrolled.length === 0 ? (
        empty(enrolled)
      ) : (
        <ul className="mf-pub-list" data-testid="enrolled-list">
          {shownEnrolled.map((s) => (
            <SessionItem
              key={s.id}
              session={s}
              action="cancel"
              actionLabel={t('pub.cancelEnrol')}
              onAction={() => setPending({ kind: 'cancel', session: s })}
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
              action="enrol"
              actionLabel={t('pub.enrol')}
              disabled={s.seats_left === 0}
              onAction={() => setPending({ kind: 'enrol', session: s })}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'cancel' ? t('pub.confirmCancel') : t('pub.confirmEnrol')}
        body={
          pending
            ? `${nameIn(lang, pending.session.name, pending.session.name_cn, pending.session.name_en)} · ${sessionWhen(pending.session, lang)}`
            : undefined
        }
        confirmLabel={pending?.kind === 'cancel' ? t('pub.cancelEnrol') : t('pub.enrol')}
        dismissLabel={pending?.kind === 'cancel' ? t('pub.keepEnrol') : undefined}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void run()}
      />
    </section>
  );
}
