import { useEffect, useRef, useState } from 'react';
import type { Quote, QuoteBody } from '@meetflow/shared/schemas/payments';
import { isDiscountRefusal, paymentsApi } from './payments-api.ts';

export type QuoteState =
  | { status: 'idle' }
  | { status: 'loading'; last: Quote | null }
  | { status: 'ready'; quote: Quote; body: QuoteBody }
  | { status: 'failed'; error: Error; body: QuoteBody; last: Quote | null };

/** The server's answer to one question (`key`: the body asked, with the attempt). */
type Answer = { key: string; body: QuoteBody } & ({ quote: Quote } | { error: Error });

/** A change of ticket, type or sessions is asked about once the visitor stops for this long. */
const QUOTE_DELAY_MS = 250;

/**
 * The server's quote for what the form holds (`body` null: not enough chosen yet). Asked again when
 * the body changes (a tick of a session, a code applied) or on `retry`; an answer to an older body
 * is dropped. The form shows these figures and never adds anything up itself. A discount code the
 * server refuses is handed to `onCodeRefused` (with the server's words) as soon as the answer comes.
 */
export function useQuote(
  publicId: string,
  body: QuoteBody | null,
  onCodeRefused: (code: string, message: string) => void,
) {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [last, setLast] = useState<Quote | null>(null);
  const refused = useRef(onCodeRefused);
  useEffect(() => {
    refused.current = onCodeRefused;
  });
  const asked = body === null ? '' : JSON.stringify(body);
  const key = asked ? `${attempt}:${asked}` : '';

  useEffect(() => {
    if (!key) return;
    const question = JSON.parse(key.slice(key.indexOf(':') + 1)) as QuoteBody;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      paymentsApi.quote(publicId, question, controller.signal).then(
        (quote) => {
          if (controller.signal.aborted) return;
          setAnswer({ key, body: question, quote });
          setLast(quote);
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          const error = failure instanceof Error ? failure : new Error(String(failure));
          setAnswer({ key, body: question, error });
          if (question.discount_code && isDiscountRefusal(error))
            refused.current(question.discount_code, error.message);
        },
      );
    }, QUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [publicId, key]);

  const state: QuoteState = !key
    ? { status: 'idle' }
    : answer?.key !== key
      ? { status: 'loading', last }
      : 'quote' in answer
        ? { status: 'ready', quote: answer.quote, body: answer.body }
        : { status: 'failed', error: answer.error, body: answer.body, last };
  return { state, retry: () => setAttempt((a) => a + 1) };
}
