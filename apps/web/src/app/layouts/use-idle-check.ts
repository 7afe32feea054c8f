import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { IDLE_CHECK_INTERVAL_MS } from '@meetflow/shared/constants';
import { lastActivityAt, markActivity } from '../../features/auth/activity.ts';
import { decideIdle } from '../../features/auth/idle.ts';
import { logout, refreshSession } from '../../features/auth/auth-api.ts';
import { loginPathWithRedirect } from '../../features/auth/redirect.ts';
import { useSessionStore } from '../../features/auth/session-store.ts';

function currentFullPath(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

/**
 * The back office's session keeper (spec §4). setInterval + Date.now() on purpose: Playwright's
 * page.clock can then fast-forward through it.
 */
export function useIdleCheck(): void {
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
      } else if (decision === 'logout') {
        const back = currentFullPath();
        void logout().then(() => navigate(loginPathWithRedirect(back), { replace: true }));
      }
    }, IDLE_CHECK_INTERVAL_MS);
    return () => {
      document.removeEventListener('click', onClick, true);
      clearInterval(timer);
    };
  }, [navigate]);
}
