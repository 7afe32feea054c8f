import { describe, expect, it } from 'vitest';
import { baseUrlFor, requestUrl } from './http.ts';

describe('base URL per path (spec §7)', () => {
  it('drops the base URL for paths containing /image and keeps it otherwise', () => {
    expect(baseUrlFor('/image/banner.png', '/api')).toBe('');
    expect(baseUrlFor('/files/abc/image', '/api')).toBe('');
    expect(baseUrlFor('/meetings', '/api')).toBe('/api');
    expect(baseUrlFor(undefined, '/api')).toBe('/api');
  });
});

describe('request URL', () => {
  it('adds the defined query parameters and leaves the others out', () => {
    expect(requestUrl('/meetings', { page: 1, keyword: 'a b', organization_id: undefined, x: null })).toBe(
      '/api/meetings?page=1&keyword=a+b',
    );
    expect(requestUrl('/me', undefined)).toBe('/api/me');
    expect(requestUrl('/image/banner.png', {})).toBe('/image/banner.png');
  });
});
