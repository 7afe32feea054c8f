import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { IDLE_CHECK_INTERVAL_MS } from '@meetflow/shared/constants';
import { lastActivityAt, markActivity } from '../../lib/session/activity.ts';
import { decideIdle } from '../../lib/session/idle.ts';
import { logout, refreshSession } from '../../lib/session/auth-api.ts';
import { loginPathWithRedirect } from '../../lib/session/redirect.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';

function currentFullPath(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

/**
 * The back office's session keeper (spec §4). setInterval + Date.now() on purpose: Playwright's
 * page.clock can then fast-forward through it.
 */
export function useIdleCheck(options: { keepSession?: () => boolean } = {}): void {
  const { keepSession } = options;
  const navigate = useNavigate();
  useEffect(() => {
    // Opening the back office (after a login) counts as activity.
    markActivity();
    const onClick = () => markActivity();
    document.addEventListener('click', onClick, true);
    const timer = setInterval(() => {
      const decision = decideIdle({
        now: Date.now(),
        lastActivity: lastActivityAt(),
        token: useSessionStore.getState().token,
      });
      if (decision === 'refresh') {
        // A failure is already reported (and a revoked session logged out) by the HTTP client.
        refreshSession().catch(() => undefined);
      } else if (decision === 'logout' && !keepSession?.()) {
        const back = currentFullPath();
        void logout().then(() => navigate(loginPathWithRedirect(back), { replace: true }));
      }
    }, IDLE_CHECK_INTERVAL_MS);
    return () => {
      document.removeEventListener('click', onClick, true);
      clearInterval(timer);
    };
  }, [navigate, keepSession]);
}
