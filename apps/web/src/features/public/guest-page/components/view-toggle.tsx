import type { PublicGuest } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../../lib/i18n.ts';

export type GuestView = 'code' | 'sessions';

/** The date-schedule guest page's two views: the guest code, or the sessions. */
export function ViewToggle({ view, onView }: { view: GuestView; onView: (view: GuestView) => void }) {
  const { t } = useTranslation();
  return (
    <div className="mf-pub-toggle" role="group" aria-label={t('pub.viewToggle')} data-testid="view-toggle">
      <button
        type="button"
        aria-pressed={view === 'code'}
        onClick={() => onView('code')}
        data-testid="view-code"
      >
        {t('pub.guestCode')}
      </button>
      <button
        type="button"
        aria-pressed={view === 'sessions'}
        onClick={() => onView('sessions')}
        data-testid="view-sessions"
      >
        {t('pub.sessions')}
      </button>
    </div>
  );
}

/** Under the code: the guest waits for (or is offered) seats in some sessions. */
export function GuestWaitlistNote({ guest, onSessions }: { guest: PublicGuest; onSessions: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mf-pub-card" data-testid="guest-waitlist-note">
      <p className="mf-pub-note-text">
        {guest.waitlist.some((p) => p.status === 'offered')
          ? t('pub.waitlist.guestOffered')
          : t('pub.waitlistSessions', { count: guest.waitlist.length })}
      </p>
      <button type="button" className="mf-pub-button mf-pub-secondary mf-pub-block" onClick={onSessions}>
        {t('pub.waitlist.viewSessions')}
      </button>
    </div>
  );
}
