import { describe, expect, it } from 'vitest';
import { describeLocation, INTRANET, locateIp } from './ip-location.ts';

describe('IP location from the offline country database', () => {
  it('places public addresses of the regions our organisers work in, IPv4 and IPv6', () => {
    expect(locateIp('202.175.3.8')).toBe('MO'); // CTM, Macao
    expect(locateIp('168.95.1.1')).toBe('TW'); // HiNet, Taiwan
    expect(locateIp('223.5.5.5')).toBe('CN');
    expect(locateIp('2001:4860:4860::8888')).toBe('US');
    expect(locateIp('::ffff:8.8.8.8')).toBe('US');
  });

  it('marks private ranges as intranet and never guesses for what is not an address', () => {
    expect(locateIp('10.1.2.3')).toBe(INTRANET);
    expect(locateIp('fe80::1')).toBe(INTRANET);
    expect(locateIp('not-an-ip')).toBeNull();
    expect(locateIp(null)).toBeNull();
  });

  it('names the country in the reader language', () => {
    expect(describeLocation('MO', 'en')).toMatch(/Macao|Macau/);
    expect(describeLocation('MO', 'zh-tw')).toContain('澳門');
  });
});
