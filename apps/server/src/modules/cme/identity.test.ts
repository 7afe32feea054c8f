import { describe, expect, it } from 'vitest';
import { normalizeEmail, normalizeLicence, personFits } from './identity.ts';

describe('CME identity', () => {
  it('normalises licence numbers and reads the usual "none" marks as none', () => {
    expect(normalizeLicence(' m 12 345 ')).toBe('M12345');
    expect(normalizeLicence('mc-001')).toBe('MC-001');
    for (const none of ['', ' ', 'NA', 'n/a', 'N / A', '-', null, undefined])
      expect(normalizeLicence(none)).toBe('');
    expect(normalizeEmail(' Doc@Example.COM ')).toBe('doc@example.com');
  });

  it('fits by licence where the guest has one, else by e-mail', () => {
    const person = { licence: 'M1', email: 'a@x.org' };
    expect(personFits(person, { licence: 'M1', email: 'other@x.org' })).toBe(true);
    expect(personFits(person, { licence: 'M2', email: 'a@x.org' })).toBe(false);
    expect(personFits(person, { licence: '', email: 'a@x.org' })).toBe(true);
    expect(personFits({ licence: '', email: '' }, { licence: '', email: '' })).toBe(false);
  });
});
