import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

/**
 * A webhook receiver on loopback for the benches: verifies every signature (once told the
 * endpoint's secret) and counts deliveries by webhook-id, so duplicates show.
 */
export function webhookReceiver() {
  const ids = new Map<string, number>();
  let bad = 0;
  let last = 0;
  let verifier: Webhook | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        verifier!.verify(body, req.headers as Record<string, string>);
      } catch {
        bad++;
      }
      const id = String(req.headers['webhook-id']);
      ids.set(id, (ids.get(id) ?? 0) + 1);
      last = performance.now();
      res.writeHead(204).end();
    });
  });
  return {
    server,
    ids,
    bad: () => bad,
    last: () => last,
    useSecret(secret: string) {
      verifier = new Webhook(secret);
    },
  };
}
