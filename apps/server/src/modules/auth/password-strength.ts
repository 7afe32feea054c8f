import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { passwordProblem, type FieldMessageKey } from '@meetflow/shared';

/** zxcvbn's "safely unguessable" (≥ 10^8 guesses): out of reach of throttled online guessing. */
export const MIN_PASSWORD_SCORE = 3;

// Built on first use: ranking the dictionaries takes tens of milliseconds.
let estimator: ZxcvbnFactory | undefined;

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
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
  });
  const userInputs = [user.account, user.name ?? ''].filter(Boolean);
  return estimator.check(password, userInputs).score < MIN_PASSWORD_SCORE ? 'passwordGuessable' : null;
}
