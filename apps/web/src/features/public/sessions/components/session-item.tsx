import type { SessionRowState } from '../../waitlist-state.ts';
import { nameIn } from '@meetflow/shared/languages';
import { useTranslation } from '../../../../lib/i18n.ts';
import { formatDateTime, sessionWhen } from '../../display.ts';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { rowActions, type Action, type Session } from '../session-actions.ts';

/** One session row: its name, time, seats or place, and its buttons. */
export function SessionItem({
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
