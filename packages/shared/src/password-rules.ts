import type { FieldMessageKey } from './field-messages.ts';
import { MIN_PASSWORD_LENGTH } from './schemas/users.ts';

/**
 * Passwords of eight characters or more that lead every published leak list. Short ones are left
 * out: the length rule refuses them already.
 */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '123123123',
  '11111111',
  '00000000',
  '88888888',
  '66666666',
  '11223344',
  '12341234',
  '87654321',
  '98765432',
  '147258369',
  '123456789a',
  '1q2w3e4r',
  '1q2w3e4r5t',
  '1qaz2wsx',
  'qwertyui',
  'qwertyuiop',
  'qwerty123',
  'qwerty12',
  'asdfghjkl',
  'asdf1234',
  'zxcvbnm1',
  'zaq12wsx',
  'a1b2c3d4',
  'abcd1234',
  'abc12345',
  'abcdefgh',
  'aa123456',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'pa55word',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'basketball',
  'superman',
  'batman123',
  'starwars',
  'whatever',
  'trustno1',
  'letmein1',
  'welcome1',
  'welcome123',
  'admin123',
  'admin1234',
  'administrator',
  'changeme',
  'computer',
  'internet',
  'michelle',
  'jennifer',
  'jordan23',
  'charlie1',
  'master123',
  'shadow123',
  'dragon123',
  'monkey123',
  'liverpool',
  'chelsea1',
  'arsenal1',
  'qazwsxedc',
  'q1w2e3r4',
  'q1w2e3r4t5',
  'zxcvbnm123',
  'woaini1314',
  '5201314520',
  'a12345678',
  'qq123456',
  'qq5201314',
  'aaaaaaaa',
  'abc123456',
  'test1234',
  'testtest',
  'default1',
  'secret123',
  'meetflow',
  'meetflow1',
  'meetflow123',
]);

/** Words that stay common with digits or symbols glued on ("Password2024!", "Welcome#1"). */
const COMMON_STEMS = new Set([
  'password',
  'passw0rd',
  'p@ssw0rd',
  'welcome',
  'qwerty',
  'admin',
  'iloveyou',
  'letmein',
  'abc',
  'abcd',
  'test',
  'meetflow',
  'changeme',
  'secret',
]);

/**
 * The quick strength rules of a new password: at least eight characters, not the account name, not a
 * common password. Answers the field message key of the first rule broken, or null. Light enough for
 * the browser's instant feedback; the server also asks a strength estimator (zxcvbn) before it sets
 * any password (apps/server/src/modules/auth/password-strength.ts).
 */
export function passwordProblem(account: string, password: string): FieldMessageKey | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'passwordTooWeak';
  const lower = password.toLowerCase();
  if (account && lower === account.trim().toLowerCase()) return 'passwordTooWeak';
  const stem = lower.replace(/[\d\W_]+$/u, '');
  if (COMMON_PASSWORDS.has(lower) || COMMON_STEMS.has(stem) || /^(.)\1+$/u.test(lower)) {
    return 'passwordCommon';
  }
  return null;
}
