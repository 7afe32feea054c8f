import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
import metadata from './phone-metadata.json' with { type: 'json' };

/**
 * One phone rule for the web forms and the server: libphonenumber's full metadata for our area codes
 * (phone-metadata.json, cut by scripts/phone-metadata.ts), so the browser never accepts what the
 * server refuses, and the public pages carry a few KB of rules rather than the whole world's.
 */
const PHONE_METADATA = metadata as MetadataJson;

/** Spaces, dashes and brackets people type are not part of the number. */
export function phoneDigits(value: string): string {
  return value.replace(/[\s\-()]/g, '');
}

/** The phone in E.164 ('+85366123456') when it is a valid number of the area code, otherwise null. */
export function normalizePhone(areaCode: string, phone: string): string | null {
  const digits = phoneDigits(phone);
  if (!/^\d{1,17}$/.test(digits) || !Object.hasOwn(PHONE_METADATA.country_calling_codes, areaCode))
    return null;
  // Read as a national number of the area code, so Taiwan's trunk prefix (0912…) is understood too.
  const parsed = parsePhoneNumberFromString(digits, { defaultCallingCode: areaCode }, PHONE_METADATA);
  if (!parsed || parsed.countryCallingCode !== areaCode || !parsed.isValid()) return null;
  return parsed.number;
}

export function isValidPhone(areaCode: string, phone: string): boolean {
  return normalizePhone(areaCode, phone) !== null;
}

/** The guest record's phone fields, each shown with `formatPhone` in the back office and the export. */
export const GUEST_PHONE_FIELDS = ['phone', 'contact_number', 'contact_phone'] as const;

/**
 * A phone number as every screen and file shows it, in the international format: '+853 6612 3456'.
 * A number without '+' (a contact's phone, an older record) is read in `areaCode`'s numbering plan.
 * Text that is no possible number of our area codes is shown as it was typed.
 */
export function formatPhone(phone: string, areaCode?: string): string {
  return formatByShape(phone, areaCode) ?? formatSlowly(phone, areaCode);
}

function formatSlowly(phone: string, areaCode?: string): string {
  const parsed = parsePhoneNumberFromString(phone, { defaultCallingCode: areaCode }, PHONE_METADATA);
  return parsed?.isPossible() ? parsed.formatInternational() : phone;
}

/*
 * libphonenumber's parse and format were a fifth of a 100,000-guest export's CPU: each guest's phone
 * differs. For the numbers of our area codes, what the library does with digits (in E.164, or typed
 * plainly beside an area code) depends only on their count and their first digits: a format is chosen
 * by leading digits and its groups are runs of \d, whether a number is possible is its length, and a
 * national prefix or calling code is recognised at the start. So a number is shown as the last number
 * of its shape (the same area code, length and digits but the last TAIL) was, with its own last digits
 * in their places: exactly the library's text (phone.test.ts compares the two over every start of
 * three digits and every length). What is kept per shape has no complete number.
 */

/** Digits that never decide the format, when at least the leading digits the rules read come before them. */
const TAIL = 4;
/** Shapes kept before the cache starts again (a few hundred KB at most). */
const SHAPES_KEPT = 10_000;
/** By shape: the text of a number of that shape with its last TAIL digits as '#', or null: by the library. */
const shapes = new Map<string, string | null>();
const DIGITS = /^\d{1,17}$/;

function formatByShape(phone: string, areaCode: string | undefined): string | undefined {
  let digits: string;
  let code: string | undefined;
  let key: string;
  if (phone.charCodeAt(0) === 43 && DIGITS.test(phone.slice(1))) {
    digits = phone.slice(1);
    code = callingCodeOf(digits);
    key = phone.slice(0, phone.length - TAIL);
  } else if (areaCode !== undefined && DIGITS.test(phone)) {
    digits = areaCode + phone;
    code = areaCode;
    key = `${areaCode} ${phone.slice(0, phone.length - TAIL)}`;
  } else return undefined;
  if (code === undefined) return undefined;
  const lead = LEADING_DIGITS.get(code);
  const national = digits.length - code.length;
  if (lead === undefined || national < Math.max(lead, code.length) + TAIL) return undefined;
  const skip = digits.length - TAIL;
  let shape = shapes.get(key);
  if (shape === undefined) {
    const shown = formatSlowly(phone, areaCode);
    // Usable when the text shows the digits in order (no national prefix or calling code taken away).
    shape = null;
    if (shown.replace(/\D/g, '') === digits && !shown.includes('#')) {
      let seen = 0;
      shape = shown.replace(/\d/g, (d) => (seen++ >= skip ? '#' : d));
    }
    if (shapes.size >= SHAPES_KEPT) shapes.clear();
    shapes.set(key, shape);
    return shown;
  }
  if (shape === null) return undefined;
  let next = skip;
  let out = '';
  for (let i = 0; i < shape.length; i++) out += shape[i] === '#' ? digits[next++] : shape[i];
  return out;
}

function callingCodeOf(digits: string): string | undefined {
  for (let length = 1; length <= 3; length++) {
    const code = digits.slice(0, length);
    if (Object.hasOwn(PHONE_METADATA.country_calling_codes, code)) return code;
  }
  return undefined;
}

/** The calling codes whose numbers are formatted by shape (the tests check it is all of ours). */
export function shapedCallingCodes(): string[] {
  return [...LEADING_DIGITS.keys()];
}

/**
 * Per calling code (one country each in our metadata), how many leading digits the library may read
 * to choose a format or strip a national prefix: the longest match of those patterns. Absent: a code
 * whose rules this cannot bound (it is then always formatted by the library).
 */
const LEADING_DIGITS = new Map<string, number>();
for (const [code, countries] of Object.entries(PHONE_METADATA.country_calling_codes)) {
  const plan = (PHONE_METADATA.countries as Record<string, unknown[]>)[countries[0]!];
  if (countries.length !== 1 || !plan || plan[8]) continue;
  const formats = (plan[4] ?? []) as [string, string, string[]?][];
  const patterns = [
    ...formats.map(([, , leading]) => (leading?.length ? leading[leading.length - 1]! : '')),
    ...[plan[5], plan[7]].filter((p): p is string => typeof p === 'string'),
  ];
  // A format's own pattern must be groups of \d only, so that it matches by length alone.
  if (!formats.every(([pattern]) => /^(\(\\d(\{\d+(,\d+)?\})?\))+$/.test(pattern))) continue;
  const lead = Math.max(0, ...patterns.map(longestMatch));
  if (Number.isFinite(lead)) LEADING_DIGITS.set(code, lead);
}

/**
 * The most characters a leading-digits pattern can match: digits, \d, classes, groups, alternatives,
 * '?' and {m,n}; Infinity for anything else.
 */
export function longestMatch(pattern: string): number {
  let i = 0;
  const alternatives = (): number => {
    let most = sequence();
    while (pattern[i] === '|') {
      i++;
      most = Math.max(most, sequence());
    }
    return most;
  };
  const sequence = (): number => {
    let total = 0;
    while (i < pattern.length && pattern[i] !== '|' && pattern[i] !== ')') {
      let atom: number;
      const c = pattern[i]!;
      if (c === '(') {
        i += pattern.startsWith('(?:', i) ? 3 : 1;
        atom = alternatives();
        if (pattern[i] !== ')') return Infinity;
        i++;
      } else if (c === '[') {
        const end = pattern.indexOf(']', i);
        if (end < 0) return Infinity;
        i = end + 1;
        atom = 1;
      } else if (c === '\\' && pattern[i + 1] === 'd') {
        i += 2;
        atom = 1;
      } else if (c >= '0' && c <= '9') {
        i++;
        atom = 1;
      } else return Infinity;
      if (pattern[i] === '?') i++;
      else if (pattern[i] === '{') {
        const end = pattern.indexOf('}', i);
        const count = /^\{(\d+)(?:,(\d+))?\}$/.exec(pattern.slice(i, end + 1));
        if (!count) return Infinity;
        atom *= Number(count[2] ?? count[1]);
        i = end + 1;
      } else if (pattern[i] === '*' || pattern[i] === '+') return Infinity;
      total += atom;
    }
    return total;
  };
  const most = alternatives();
  return i === pattern.length ? most : Infinity;
}
