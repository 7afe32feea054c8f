import { describe, expect, it } from 'vitest';
import { loadAdminTable, routeHandleFor, UNKNOWN_ROUTE } from './route-handle.ts';

describe('routeHandleFor', () => {
  it('knows the visitor pages without the back office table, and no other path before it loads', () => {
    expect(routeHandleFor('/sign-up/abc')).toMatchObject({ name: 'signUp', meta: { whiteList: true } });
    expect(routeHandleFor('/login')?.name).toBe('login');
    expect(routeHandleFor('/station')?.name).toBe('station');
    expect(routeHandleFor('/')).toBeUndefined();
    expect(routeHandleFor('/meeting_management/meeting')).toBeNull();
    expect(routeHandleFor('/no/such/page')).toBeNull();
  });

  it('names public, login, back-office, group and unknown routes once the table is loaded', async () => {
    await loadAdminTable();
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
