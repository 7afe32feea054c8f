import { describe, expect, it } from 'vitest';
import { decideGuard, type GuardInput } from './guard-decision.ts';

const base: GuardInput = {
  pathname: '/meeting_management/meeting',
  fullPath: '/meeting_management/meeting?page=2',
  redirect: null,
  loggedIn: true,
  whiteList: false,
  unknownRoute: false,
  routesGenerated: true,
  routeName: 'meeting',
  allowedNames: new Set(['meetingManagement', 'meeting']),
};

describe('decideGuard', () => {
  it('sends an anonymous user to login with the full path as redirect', () => {
    expect(decideGuard({ ...base, loggedIn: false })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fmeeting_management%2Fmeeting%3Fpage%3D2',
    });
  });

  it('lets anyone open whitelisted routes', () => {
    expect(decideGuard({ ...base, loggedIn: false, whiteList: true, pathname: '/sign-up/x' })).toEqual({
      type: 'render',
    });
  });

  it('sends a logged-in user away from login to the meeting list', () => {
    expect(decideGuard({ ...base, pathname: '/login', whiteList: true })).toEqual({
      type: 'redirect',
      to: '/meeting_management/meeting',
    });
    expect(decideGuard({ ...base, pathname: '/login', whiteList: true, loggedIn: false })).toEqual({
      type: 'render',
    });
  });

  it('sends a logged-in user on login to a safe redirect target only', () => {
    const onLogin = { ...base, pathname: '/login', whiteList: true };
    expect(decideGuard({ ...onLogin, redirect: '/system_setting/log' })).toEqual({
      type: 'redirect',
      to: '/system_setting/log',
    });
    expect(decideGuard({ ...onLogin, redirect: 'https://evil.example' })).toEqual({
      type: 'redirect',
      to: '/meeting_management/meeting',
    });
  });

  it('generates the routes on the first navigation after login', () => {
    expect(decideGuard({ ...base, routesGenerated: false })).toEqual({ type: 'generate' });
  });

  it('sends unknown and forbidden routes of a logged-in user to /404', () => {
    expect(decideGuard({ ...base, unknownRoute: true, whiteList: true })).toEqual({
      type: 'redirect',
      to: '/404',
    });
    expect(decideGuard({ ...base, routeName: 'log' })).toEqual({ type: 'redirect', to: '/404' });
  });

  it('shows the constant not-found page to anonymous users', () => {
    expect(decideGuard({ ...base, loggedIn: false, unknownRoute: true, whiteList: true })).toEqual({
      type: 'render',
    });
  });

  it('renders an allowed route', () => {
    expect(decideGuard(base)).toEqual({ type: 'render' });
  });
});
