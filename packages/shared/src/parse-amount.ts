import { AMOUNT_MAX, MINOR_PER_MAJOR } from './schemas/payments.ts';

/**
 * Minor units of an amount typed or read from a bank statement's cell, read exactly as text (no floating point): '1,200.50',
 * 'HK$ 1 200.5', '(300.00)' → 120050, 120050, -30000. More than two decimals are rounded half up
 * (a spreadsheet's computed 1200.4999999999998 → 120050). Undefined when the cell is no amount.
 */
export function parseMinorAmount(cell: string): number | undefined {
  let text = cell.replace(/[\s\u00a0\u3000]/g, '').replace(/[，]/g, ',');
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  // Currency codes and signs around the number, and a bank's credit/debit marks.
  text = text.replace(/^(?:[A-Z]{3}|HK\$|MOP\$|NT\$|US\$|RMB|[$¥￥元])+/i, '');
  const mark = /(CR|DR)$/i.exec(text);
  if (mark) {
    negative = mark[1]!.toUpperCase() === 'DR';
    text = text.slice(0, -2);
  }
  text = text.replace(/(?:[A-Z]{3}|元)$/i, '');
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  if (!/^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$|^\.\d+$/.test(text)) return undefined;
  const [whole = '', fraction = ''] = text.replace(/,/g, '').split('.');
  const cents = Number(whole || '0') * MINOR_PER_MAJOR + Number(fraction.padEnd(2, '0').slice(0, 2));
  const roundUp = fraction.length > 2 && Number(fraction[2]) >= 5 ? 1 : 0;
  const minor = cents + roundUp;
  if (!Number.isSafeInteger(minor) || minor > AMOUNT_MAX) return undefined;
  return negative ? -minor : minor;
}
