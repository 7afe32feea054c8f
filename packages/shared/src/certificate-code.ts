/**
 * A certificate's verification code as typed or scanned, reduced to what the server stores: full-width
 * forms folded (NFKC), upper case, Crockford's look-alikes read as the digits they stand for (O → 0,
 * I and L → 1; the codes never contain them), dashes and spaces dropped.
 */
export function normalizeCertificateCode(raw: string): string {
  return raw
    .normalize('NFKC')
    .toUpperCase()
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1')
    .replace(/[^0-9A-Z]/g, '');
}
