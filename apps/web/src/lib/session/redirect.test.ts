import { describe, expect, it } from 'vitest';
import { loginPathWithRedirect, sanitizeRedirect } from './redirect.ts';

describe('sanitizeRedirect', () => {
  it('accepts in-app paths with query strings', () => {
    expect(sanitizeRedirect('/system_setting/log?page=2')).toBe('/system_setting/log?page=2');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'meeting',
    '/a\nb',
    '',
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(sanitizeRedirect(value)).toBeNull();
  });

  it('refuses the login page itself to avoid loops', () => {
    expect(sanitizeRedirect('/login?redirect=/x')).toBeNull();
  });

  it('builds the login path with an encoded redirect', () => {
    expect(loginPathWithRedirect('/a?b=1')).toBe('/login?redirect=%2Fa%3Fb%3D1');
    expect(loginPathWithRedirect('//evil')).toBe('/login');
  });
});
