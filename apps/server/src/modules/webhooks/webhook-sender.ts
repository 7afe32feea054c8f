import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
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

/** POSTs one signed message; never throws (every outcome is an attempt to log). */
export function sendWebhook(
  guard: UrlGuard,
  target: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      resolve({ statusCode: null, durationMs: 0, error: 'invalid URL', responseBody: '' });
      return;
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, {
      method: 'POST',
      agent: guard.agentFor(url),
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      timeout: timeoutMs,
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.on('error', (error) =>
      resolve({
        statusCode: null,
        durationMs: elapsed(),
        error: error.message.slice(0, 500),
        responseBody: '',
      }),
    );
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (chunk: Buffer) => {
        if (kept < RESPONSE_KEPT) chunks.push(chunk);
        kept += chunk.length;
      });
      res.on('error', () => undefined);
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        resolve({
          statusCode: status,
          durationMs: elapsed(),
          // A redirect is a failure: following it could lead anywhere.
          error: ok ? null : `HTTP ${status}`,
          responseBody: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_KEPT),
        });
      });
    });
    req.end(body);
  });
}
