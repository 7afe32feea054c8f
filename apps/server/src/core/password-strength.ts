import { createRequire } from 'node:module';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { type FieldMessageKey } from '@meetflow/shared/field-messages';
import { passwordProblem } from '@meetflow/shared/password-rules';

/** zxcvbn's "safely unguessable" (≥ 10^8 guesses): out of reach of throttled online guessing. */
export const MIN_PASSWORD_SCORE = 3;

// Loaded and built on first use (synchronously, for the configuration check): the dictionaries take
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
