import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { type FieldMessageKey } from '@meetflow/shared/field-messages';
import { passwordProblem } from '@meetflow/shared/password-rules';

/** zxcvbn's "safely unguessable" (≥ 10^8 guesses): out of reach of throttled online guessing. */
export const MIN_PASSWORD_SCORE = 3;

// Loaded and built on first use (synchronously, as the checks that call it are): the dictionaries take
// ~35 MB of heap and half a second, which a server that sets no password never needs to pay.
const load = createRequire(import.meta.url);
let estimator: ZxcvbnFactory | undefined;

function buildEstimator(): ZxcvbnFactory {
  const core = load('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
  const common = load('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
  const en = load('@zxcvbn-ts/language-en') as typeof import('@zxcvbn-ts/language-en');
  return new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
  });
}

/**
 * The server's word on every password it sets: the shared quick rules the browser also applies
 * (length, not the account, the short common list), then zxcvbn with its common-password and
 * English dictionaries, the account and the user's name counting as easy guesses. Answers the field
 * message key of the problem, or null.
 */
export function passwordWeakness(
  password: string,
  user: { account: string; name?: string },
): FieldMessageKey | null {
  const quick = passwordProblem(user.account, password);
  if (quick) return quick;
  estimator ??= buildEstimator();
  const userInputs = [user.account, user.name ?? ''].filter(Boolean);
  return estimator.check(password, userInputs).score < MIN_PASSWORD_SCORE ? 'passwordGuessable' : null;
}

/**
 * passwordWeakness in a child process (password-score.ts), for a check a server makes once:
 * ADMIN_PASSWORD before it becomes the first administrator's. zxcvbn's dictionaries, which a process
 * keeps once loaded, then never enter the server, and the server goes on starting meanwhile. The
 * password travels on the child's standard input, never in its arguments.
 */
export function passwordWeaknessApart(
  password: string,
  user: { account: string },
): Promise<FieldMessageKey | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(new URL('./password-score.js', import.meta.url))], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        if (code !== 0) throw new Error(`the password could not be scored (exit code ${code})`);
        resolve(JSON.parse(output) as FieldMessageKey | null);
      } catch (error) {
        reject(error as Error);
      }
    });
    child.stdin.end(JSON.stringify({ password, account: user.account }));
  });
}
