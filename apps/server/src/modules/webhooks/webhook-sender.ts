import type { Agent } from 'node:http';
import { Webhook } from 'standardwebhooks';
import type { UrlGuard } from './url-guard.ts';

/** A receiver has this long to answer; a slow one is retried like a failing one. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
const RESPONSE_KEPT = 1024;

export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  /** Why it failed, when it did (a non-2xx status, a timeout, a refused address). */
  error: string | null;
  responseBody: string;
}

/** The Standard Webhooks headers of one attempt: the signature covers id, timestamp and body. */
export function signedHeaders(
  secret: string,
  messageId: string,
  body: string,
  at: Date,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'MeetFlow-Webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}

/** Text as the log can store it: PostgreSQL refuses NUL characters in text columns. */
function storable(text: string): string {
  return text.replaceAll('\u0000', '');
}

/**
 * POSTs one signed message; never throws (every outcome is an attempt to log). The timeout bounds the
 * whole exchange, not only idle time, and only the answer's first 1 KB is read: a receiver that
 * trickles bytes or never ends cannot hold the dispatcher (and the job runner with it).
 */
export async function sendWebhook(
  guard: UrlGuard,
  target: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { statusCode: null, durationMs: 0, error: 'invalid URL', responseBody: '' };
  }
  let agent: Agent;
  try {
    agent = await guard.agentFor(url);
  } catch (error) {
    const reason = storable((error as Error).message).slice(0, 500);
    return { statusCode: null, durationMs: elapsed(), error: reason, responseBody: '' };
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({
        ...result,
        durationMs: elapsed(),
        error: result.error === null ? null : storable(result.error).slice(0, 500),
        responseBody: storable(result.responseBody),
      });
    };
    // Taken from Node rather than imported: importing node:http as an ES module loads its fetch
    // classes (undici) too, ~75 ms and ~10 MB of start-up that webhooks never use.
    const send =
      url.protocol === 'https:'
        ? process.getBuiltinModule('node:https').request
        : process.getBuiltinModule('node:http').request;
    const req = send(url, {
      method: 'POST',
      agent,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    const deadline = setTimeout(() => {
      req.destroy();
      finish({ statusCode: null, error: `no answer within ${timeoutMs / 1000} s`, responseBody: '' });
    }, timeoutMs);
    req.on('error', (error) => finish({ statusCode: null, error: guard.describe(error), responseBody: '' }));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const ok = status >= 200 && status < 300;
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => {
        // A redirect is a failure: following it could lead anywhere.
        finish({
          statusCode: status,
          error: ok ? null : `HTTP ${status}`,
          responseBody: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_KEPT),
        });
        res.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        kept += chunk.length;
        if (kept >= RESPONSE_KEPT) done();
      });
      res.on('error', () => undefined);
      res.on('end', done);
    });
    req.end(body);
  });
}
