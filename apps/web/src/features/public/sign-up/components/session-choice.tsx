import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { nameIn } from '@meetflow/shared/languages';
import { useTranslation } from '../../../../lib/i18n.ts';
import { errorId } from '../../components/form-fields.tsx';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { sessionWhen } from '../../display.ts';
import { seatState } from '../../waitlist-state.ts';

/** A session with, on a paid meeting, its fee (issue 44). */
type Session = PublicMeeting['schedules'][number] & { price?: string | null };

/** Step 2 of the date-schedule sign-up: the sessions to tick, each with its time and seats. */
export function SessionChoice({
  sessions,
  picked,
  error,
  onToggle,
}: {
  sessions: readonly Session[];
  picked: readonly number[];
  error?: string;
  onToggle: (id: number, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  return (
    <fieldset
      className={`mf-pub-fieldset mf-pub-field${error ? ' has-error' : ''}`}
      aria-describedby={error ? `pub-sessions-hint ${errorId('schedule_ids')}` : 'pub-sessions-hint'}
    >
      <legend className="mf-pub-label">{t('pub.chooseSessions')}</legend>
      <p className="mf-pub-hint" id="pub-sessions-hint">
        {t('pub.chooseSessionsHint')}
      </p>
      {sessions.length === 0 && <p className="mf-pub-empty">{t('pub.noSessions')}</p>}
      <ul className="mf-pub-sessions">
        {sessions.map((session) => {
          const seats = seatState(session);
          const full = seats === 'full';
          const checked = picked.includes(session.id);
          return (
            <li key={session.id}>
              <label className={`mf-pub-session${full ? ' is-full' : ''}`} data-seats={seats}>
                <input
                  type="checkbox"
                  id={session === sessions[0] ? 'pub-f-schedule_ids' : undefined}
                  checked={checked}
                  disabled={full && !checked}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId('schedule_ids') : undefined}
                  data-testid={`session-option-${session.id}`}
                  onChange={(e) => onToggle(session.id, e.target.checked)}
                />
                <span className="mf-pub-session-text">
                  <span className="mf-pub-session-name">
                    {nameIn(lang, session.name, session.name_cn, session.name_en)}
                  </span>
                  <span className="mf-pub-session-when">{sessionWhen(session, lang)}</span>
                  {session.price && (
                    <span className="mf-pub-session-price" data-testid={`session-price-${session.id}`}>
                      {session.price}
                    </span>
                  )}
                  <span className="mf-pub-session-seats">
                    {seats === 'full'
                      ? t('pub.sessionFull')
                      : seats === 'waitlist'
                        ? t('pub.waitlist.sessionFullJoin')
                        : session.seats_left == null
                          ? t('pub.unlimited')
                          : t('pub.seatsLeft', { count: session.seats_left })}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {error && (
        <p className="mf-pub-error" id={errorId('schedule_ids')} data-testid="error-schedule_ids">
          {error}
        </p>
      )}
    </fieldset>
  );
}
