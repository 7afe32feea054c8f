import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Navigate, Route, Routes } from 'react-router';
import { logInForTests, setUpComponentTests } from '../../lib/component-test-setup.tsx';
import { HOME_PATH } from '../../lib/session/redirect.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { RootLayout } from '../root-layout.tsx';
import { RouteErrorBoundary } from '../route-error.tsx';

// The back office's route table is a chunk of its own: its download can fail (offline, or a new
// deployment replaced it) once.
const download = vi.hoisted(() => ({ failNext: false }));
vi.mock('../routes/admin-table.ts', async (importOriginal) => {
  if (download.failNext) {
    download.failNext = false;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

setUpComponentTests({ language: 'en' });
afterEach(() => useSessionStore.getState().clear());

/** The app's routes as far as the guard goes, inside the router's own error boundary. */
function App() {
  return (
    <MemoryRouter initialEntries={['/']}>
      <RouteErrorBoundary>
        <Routes>
          <Route element={<RootLayout />}>
            <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
            <Route path={HOME_PATH} element={<p>meeting list</p>} />
          </Route>
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>
  );
}

describe('the first navigation after login', () => {
  it('shows the error page when the route table does not download, and gets there after a reload', async () => {
    logInForTests(['meeting:view']);
    download.failNext = true;
    const app = render(<App />);
    expect(app.container.querySelector('[aria-busy="true"]')).not.toBeNull();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on this page');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();

    // That button reloads the page, which jsdom cannot do: the app starts again, as after a reload,
    // and downloads the table again (its failure was not kept).
    app.unmount();
    render(<App />);
    expect(await screen.findByText('meeting list')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
