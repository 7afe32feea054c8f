import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Auth, AuthAll, checkPermission } from './permission.tsx';
import { useSessionStore } from '../lib/session/session-store.ts';

afterEach(() => {
  cleanup();
  useSessionStore.setState({ permissions: [] });
});

describe('checkPermission', () => {
  it('passes everything when the permission feature is off', () => {
    expect(checkPermission('any', false, [], ['log:view'])).toBe(true);
    expect(checkPermission('all', false, [], ['log:view'])).toBe(true);
  });

  it('any-of and all-of', () => {
    expect(checkPermission('any', true, ['a'], ['a', 'b'])).toBe(true);
    expect(checkPermission('all', true, ['a'], ['a', 'b'])).toBe(false);
    expect(checkPermission('all', true, ['a', 'b'], ['a', 'b'])).toBe(true);
    expect(checkPermission('any', true, [], 'a')).toBe(false);
  });
});

describe('<Auth> and <AuthAll>', () => {
  it('render children only when the check passes', () => {
    useSessionStore.setState({ permissions: ['meeting:view'] });
    render(
      <>
        <Auth value={['meeting:view', 'log:view']}>
          <span>any-ok</span>
        </Auth>
        <AuthAll value={['meeting:view', 'log:view']}>
          <span>all-hidden</span>
        </AuthAll>
        <Auth value="log:view">
          <span>any-hidden</span>
        </Auth>
      </>,
    );
    expect(screen.queryByText('any-ok')).not.toBeNull();
    expect(screen.queryByText('all-hidden')).toBeNull();
    expect(screen.queryByText('any-hidden')).toBeNull();
  });
});
