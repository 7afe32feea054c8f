import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERRORS, errorMessage } from '@meetflow/shared/errors';
import { bearerMatches } from './metrics-access.ts';

/** The envelope of a refusal (English: no request context here). */
function refuse(res: http.ServerResponse, name: 'NOT_FOUND' | 'UNAUTHORIZED' | 'INTERNAL') {
  const body = JSON.stringify({ code: ERRORS[name].code, message: errorMessage(name, 'en'), data: null });
  res.writeHead(ERRORS[name].status, { 'content-type': 'application/json; charset=utf-8' }).end(body);
}

/**
 * METRICS_PORT: a listener of its own answering GET /metrics alone, so the series need not pass the
 * public port at all. Bound to METRICS_HOST (this host by default). With METRICS_TOKEN set it asks
 * for the token here too; without, whoever reaches the port reads the series (none personal).
 */
export async function listenForMetrics(options: {
  host: string;
  port: number;
  token: string | undefined;
  contentType: string;
  scrape: () => Promise<string>;
  onError: (error: unknown) => void;
}): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') return refuse(res, 'NOT_FOUND');
    if (options.token && !bearerMatches(req.headers.authorization, options.token))
      return refuse(res, 'UNAUTHORIZED');
    options.scrape().then(
      (text) =>
        res.writeHead(200, { 'content-type': options.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        options.onError(error);
        refuse(res, 'INTERNAL');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
