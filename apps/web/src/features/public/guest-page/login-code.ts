/*
 * The look-up's one-time code (sent to the guest's e-mail where the meeting asks for it). No import of
 * the shared zod schemas here: the check-in page stays without them (a unit test keeps the length in
 * step with LOGIN_CODE_LENGTH).
 */

export const LOGIN_CODE_DIGITS = 6;

/**
 * What was typed or pasted into the code field, as the digits the server wants: full-width digits
 * (a Chinese input method's) become ASCII, spaces and anything else go, at most six are kept — so a
 * pasted "123 456" or "驗證碼：123456" still works.
 */
export function loginCodeInput(value: string): string {
  return value
    .replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/\D/g, '')
    .slice(0, LOGIN_CODE_DIGITS);
}

/** The error key of a code about to be sent, or null when it has its six digits. */
export function loginCodeError(code: string): 'codeRequired' | 'codeInvalid' | null {
  if (!code) return 'codeRequired';
  return new RegExp(`^\\d{${LOGIN_CODE_DIGITS}}$`).test(code) ? null : 'codeInvalid';
}
