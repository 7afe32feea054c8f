import { describe, expect, it } from 'vitest';
import { baseUrlFor } from './http.ts';

describe('base URL per path (spec §7)', () => {
  it('drops the base URL for paths containing /image and keeps it otherwise', () => {
    expect(baseUrlFor('/image/banner.png', '/api')).toBe('');
    expect(baseUrlFor('/files/abc/image', '/api')).toBe('');
    expect(baseUrlFor('/meetings', '/api')).toBe('/api');
    expect(baseUrlFor(undefined, '/api')).toBe('/api');
  });
});
