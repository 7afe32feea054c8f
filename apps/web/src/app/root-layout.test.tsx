import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { toast } from '../lib/toast.ts';
import { HOME_PATH, LOGIN_PATH } from '../lib/session/redirect.ts';
import { useSessionStore } from '../lib/session/session-store.ts';
import { useRouteStore } from './routes/route-store.ts';
import { ShellProviders } from './providers/shell-providers.tsx';
import { logInForTests } from '../lib/component-test-setup.tsx';
import { RootLayout } from './root-layout.tsx';

afterEach(() => {
  cleanup();
  useSessionStore.getState().clear();
});

function logIn() {
  logInForTests();
  useRouteStore.setState({ generated: true, allowedNames: new Set(['meeting']) });
}

/** The back office as far as toasts go: a password change that toasts, logs out and leaves. */
function BackOfficeStandIn() {
  const navigate = useNavigate();
  const changePassword = () => {
    toast.success('password changed');
    useSessionStore.getState().clear();
    void navigate(LOGIN_PATH, { replace: true });
  };
  return (
    <ShellProviders>
      <button type="button" onClick={changePassword}>
        change password
      </button>
    </ShellProviders>
  );
}

/** The login layout as far as toasts go: its own providers, and a login that toasts then leaves. */
function LoginStandIn() {
  const navigate = useNavigate();
  const login = () => {
    logIn();
    toast.success('login successful');
    void navigate(HOME_PATH);
  };
  return (
    <ShellProviders>
      <button type="button" onClick={login}>
        log in
      </button>
    </ShellProviders>
  );
}

describe('the toast holder', () => {
  it('keeps a toast raised just before the switch from the login layout to the back office', async () => {
    render(
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route path="/login" element={<LoginStandIn />} />
            <Route
              path={HOME_PATH}
              element={
                <ShellProviders>
                  <p>back office</p>
                </ShellProviders>
              }
            />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'log in' }));
    await screen.findByText('back office');
    expect(await screen.findByText('login successful')).toBeTruthy();
  });

  it('keeps a toast raised just before the switch from the back office to the login layout', async () => {
    logIn();
    render(
      <MemoryRouter initialEntries={[HOME_PATH]}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route
              path={LOGIN_PATH}
              element={
                <ShellProviders>
                  <p>login</p>
                </ShellProviders>
              }
            />
            <Route path={HOME_PATH} element={<BackOfficeStandIn />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'change password' }));
    await screen.findByText('login');
    expect(await screen.findByText('password changed')).toBeTruthy();
  });
});
