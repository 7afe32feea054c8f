import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '../lib/session/session-store.ts';
import { AppRouter } from './router.tsx';

afterEach(() => {
  cleanup();
  useSessionStore.getState().clear();
  window.location.hash = '';
});

// The back office's route table is a chunk the entry loads for a path that is no visitor page
// (route-handle.ts): these paths must still end where the table says.
describe('the router, for a path that is no visitor page', () => {
  it('shows a visitor without a session the page-not-found for a path no route has', async () => {
    window.location.hash = '#/no/such/page';
    render(<AppRouter />);
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('sends a visitor without a session from a back-office page to the login, back there after', async () => {
    window.location.hash = '#/meeting_management/guest';
    render(<AppRouter />);
    await waitFor(() =>
      expect(window.location.hash).toBe(
        `#/login?redirect=${encodeURIComponent('/meeting_management/guest')}`,
      ),
    );
    expect(screen.queryByTestId('not-found')).toBeNull();
  });
});
