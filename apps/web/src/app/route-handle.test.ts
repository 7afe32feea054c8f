import { describe, expect, it } from 'vitest';
import { routeHandleFor, UNKNOWN_ROUTE } from './route-handle.ts';

describe('routeHandleFor', () => {
  it('names public, login, back-office, group and unknown routes', () => {
    expect(routeHandleFor('/sign-up/abc')).toMatchObject({ name: 'signUp', meta: { whiteList: true } });
    expect(routeHandleFor('/login')?.name).toBe('login');
    expect(routeHandleFor('/meeting_management/meeting')).toMatchObject({
      name: 'meeting',
      meta: { auth: ['meeting:view'] },
    });
    expect(routeHandleFor('/system_setting')?.name).toBe('systemSetting');
    expect(routeHandleFor('/system_setting/component/org_dialog')?.name).toBe('org_dialog');
    expect(routeHandleFor('/404')?.name).toBe('404');
    expect(routeHandleFor('/no/such/page')?.name).toBe(UNKNOWN_ROUTE);
    expect(routeHandleFor('/sign-up')?.name).toBe(UNKNOWN_ROUTE);
    expect(routeHandleFor('/')).toBeUndefined();
  });
});
