import type { Language } from '@meetflow/shared/languages';
import { dayIn } from '../../../lib/date-time.ts';

/*
 * Money as the visitor pages show it. Amounts are integers in the currency's minor unit, computed
 * by the server (prices, quotes, orders): these functions only write them out. The shared
 * `formatAmount` lives beside the zod schemas, which the public entry chunk must not pull in, so the
 * few lines are repeated here (money.test.ts holds them to the same results).
 */

/** Minor units per major unit: two decimals for MOP, HKD, TWD, CNY and USD alike. */
const MINOR_PER_MAJOR = 100;

/** 12345 → '123.45', 123456789 → '1,234,567.89'. */
export function formatAmount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const major = Math.floor(abs / MINOR_PER_MAJOR).toLocaleString('en-US');
  return `${sign}${major}.${String(abs % MINOR_PER_MAJOR).padStart(2, '0')}`;
}

/** 'HKD 1,300.00': the currency's code before the amount, the same in every language. */
export function formatMoney(currency: string, minor: number): string {
  return `${currency} ${formatAmount(minor)}`;
}

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day 'YYYY-MM-DD' with its year: '2027年1月5日' in Chinese, '5 Jan 2027' in English. */
export function formatLongDay(day: string, lang: Language): string {
  const [year = '', month = '1', date = '1'] = day.split('-');
  if (lang === 'en') return `${Number(date)} ${MONTHS_EN[Number(month) - 1] ?? month} ${year}`;
  return `${year}年${Number(month)}月${Number(date)}日`;
}

/**
 * The last day of an early-bird price in the meeting's zone. `early_until` is the instant the price
 * stops (the organiser picks a local day; the server keeps its end): the millisecond before it names
 * that day whether the end is stored as 23:59:59.999 or as the next midnight.
 */
export function earlyBirdLastDay(earlyUntil: number, zone: string): string {
  return dayIn(earlyUntil - 1, zone);
}
