import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createUrlGuard } from './url-guard.ts';
import { sendWebhook, signedHeaders } from './webhook-sender.ts';

/** One request to a receiver on loopback that answers as the test says. */
describe('sending one webhook', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = undefined;
  });
  async function receiver(handler: Parameters<typeof createServer>[1]): Promise<string> {
    server = createServer(handler);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  }
  const guard = createUrlGuard(true);
  const secret = `whsec_${Buffer.from('0123456789abcdef01234567').toString('base64')}`;

  it('signs so that the Standard Webhooks verifier accepts it', async () => {
    let verified: unknown;
    const url = await receiver((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        verified = new Webhook(secret).verify(body, req.headers as Record<string, string>);
        res.end('ok');
      });
    });
    const body = JSON.stringify({ type: 'webhook.test', data: {} });
    const result = await sendWebhook(guard, url, signedHeaders(secret, 'msg_1', body, new Date()), body);
    expect(result).toMatchObject({ statusCode: 200, error: null, responseBody: 'ok' });
    expect(verified).toEqual({ type: 'webhook.test', data: {} });
  });

  it('gives up on a receiver that trickles its answer, at the deadline, not at the end of the stream', async () => {
    const url = await receiver((_req, res) => {
      res.writeHead(200);
      const drip = setInterval(() => res.write('.'), 50);
      res.on('close', () => clearInterval(drip));
    });
    const result = await sendWebhook(guard, url, {}, '{}', 400);
    expect(result.error).toBe('no answer within 0.4 s');
    expect(result.durationMs).toBeLessThan(1500);
  });

  it('reads no more than the first kilobyte of an endless answer', async () => {
    const url = await receiver((_req, res) => {
      res.writeHead(500);
      const flood = setInterval(() => res.write('x'.repeat(4096)), 5);
      res.on('close', () => clearInterval(flood));
    });
    const result = await sendWebhook(guard, url, {}, '{}', 5000);
    expect(result).toMatchObject({ statusCode: 500, error: 'HTTP 500' });
    expect(result.responseBody).toHaveLength(1024);
  });

  it('keeps an answer with NUL characters storable, and treats a redirect as a failure', async () => {
    const url = await receiver((req, res) => {
      if (req.url === '/hook') {
        res.writeHead(302, { location: 'http://127.0.0.1:1/' });
        res.end('moved\u0000away');
      }
    });
    const result = await sendWebhook(guard, url, {}, '{}');
    expect(result).toMatchObject({ statusCode: 302, error: 'HTTP 302', responseBody: 'movedaway' });
  });

  it('refuses a loopback address at the connection unless allowed, without naming it', async () => {
    const url = await receiver((_req, res) => res.end('ok'));
    const result = await sendWebhook(createUrlGuard(false), url, {}, '{}');
    expect(result).toMatchObject({ statusCode: null, error: 'refused: not a public address' });
  });
});
