import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
import { describe, expect, it } from 'vitest';
import { PHONE_CASES } from './phone-cases.ts';
import metadata from './phone-metadata.json' with { type: 'json' };
import {
  formatPhone,
  isValidPhone,
  longestMatch,
  normalizePhone,
  phoneDigits,
  shapedCallingCodes,
} from './phone.ts';

describe('the phone rule', () => {
  it.each(PHONE_CASES)('+$areaCode $phone → $e164', ({ areaCode, phone, e164 }) => {
    expect(normalizePhone(areaCode, phone)).toBe(e164);
    expect(isValidPhone(areaCode, phone)).toBe(e164 !== null);
  });

  it('refuses a number of another area code and strips what people type between digits', () => {
    expect(normalizePhone('86', '66123456')).toBeNull();
    expect(normalizePhone('999', '66123456')).toBeNull();
    expect(phoneDigits(' (853) 6612-3456 ')).toBe('85366123456');
  });
});

describe('formatPhone', () => {
  it('writes every number in the international format, grouped by its plan', () => {
    expect(formatPhone('+85366123456')).toBe('+853 6612 3456');
    expect(formatPhone('+85251234567', '852')).toBe('+852 5123 4567');
    expect(formatPhone('+886912345678', '886')).toBe('+886 912 345 678');
    expect(formatPhone('+8613812345678', '86')).toBe('+86 138 1234 5678');
  });

  it('reads a number without + in the area code plan, however it was typed', () => {
    expect(formatPhone('66123456', '853')).toBe('+853 6612 3456');
    expect(formatPhone('6612-3456', '853')).toBe('+853 6612 3456');
    expect(formatPhone(' 6612 3456 ', '853')).toBe('+853 6612 3456');
  });

  it('keeps text that is no phone number as typed', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('ext. 12', '853')).toBe('ext. 12');
    expect(formatPhone('66123456')).toBe('66123456');
  });
});

describe('formatPhone by shape', () => {
  const library = (phone: string, areaCode?: string) => {
    const parsed = parsePhoneNumberFromString(
      phone,
      { defaultCallingCode: areaCode },
      metadata as MetadataJson,
    );
    return parsed?.isPossible() ? parsed.formatInternational() : phone;
  };

  it('bounds the leading digits of every area code of ours', () => {
    expect(shapedCallingCodes().sort()).toEqual(Object.keys(metadata.country_calling_codes).sort());
    expect(longestMatch('9(?:0[1-9]|[1-8])')).toBe(3);
    expect(longestMatch('(1(?:[12]\\d|79)\\d\\d)|0')).toBe(5);
    expect(longestMatch('\\d{2,4}5?')).toBe(5);
    expect(longestMatch('.*')).toBe(Infinity);
  });

  it('writes exactly what libphonenumber writes, for numbers of every length of our area codes', () => {
    // Every start of three digits, then random digits (seeded: the same numbers each run), each in E.164 and as typed. Numbers of
    // a start and length differ in their last seven digits, so that any digit the format depends on
    // beyond the shape shows; most numbers are formatted from a shape another number left.
    let seed = 46;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const digits = (n: number) => Array.from({ length: Math.max(0, n) }, () => random(10)).join('');
    let compared = 0;
    for (const code of Object.keys(metadata.country_calling_codes)) {
      for (let length = 3; length <= 13; length++) {
        for (let start = 0; start < 1000; start++) {
          const prefix = `+${code}${String(start).padStart(3, '0')}${digits(length - 10)}`;
          for (let t = 0; t < 2; t++) {
            const phone = prefix + digits(Math.min(7, length - 3));
            expect(formatPhone(phone), phone).toBe(library(phone));
            // The same digits typed without '+', beside the area code (a contact's number, an answer).
            const typed = phone.slice(1 + code.length);
            expect(formatPhone(typed, code), `${code} ${typed}`).toBe(library(typed, code));
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(4 * 11 * 1000 * 2);
  }, 60_000);
});
