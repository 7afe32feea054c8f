import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createMeeting, createOrganization } from '../apps/server/test/registration-fixtures.ts';
import { insertGuests, logIn, scanLoad } from './door-day.ts';
import { cpuMs, startApp } from './lib.ts';
import { webhookReceiver } from './webhook-receiver.ts';
import type { Measured } from './row.ts';

/**
 * Webhooks at the door (issue 21): 10,000 check-in scans with an endpoint subscribed to
 * scan.recorded, delivered to a receiver in this process that verifies every signature. The baseline
 * is the same 10,000 scans on other guests of the same meeting, same process, no endpoint: the
 * difference in server CPU per scan is what the outbox and its deliveries cost.
 */
const SCANS = 10_000;
const STATIONS = 50;

export interface WebhookBenchResult {
  scans: number;
  delivered: number;
  duplicates: number;
  badSignatures: number;
  /** From the first scan to the last delivery, deliveries per second. */
  deliveriesPerSecond: number;
  /** From the end of the scans until the outbox was empty. */
  drainSeconds: number;
  scanCpuUsWithout: number;
  scanCpuUsWith: number;
  scansPerSecondWithout: number;
  scansPerSecondWith: number;
}

export async function webhookBench(port: number): Promise<WebhookBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-bench-hooks-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
  const { db } = openDatabase(config);
  await migrateToLatest(db);
  const organization = await createOrganization(db);
  const meeting = await createMeeting(db, organization, { name: 'Webhook meeting' });
  const codes = await insertGuests(db, meeting.id, 2 * SCANS + 1000, 0);
  await db.destroy();

  const hooks = webhookReceiver();
  await new Promise<void>((resolve) => hooks.server.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(hooks.server.address() as AddressInfo).port}/hooks`;
  const app = await startApp(
    {
      DATA_DIR: dataDir,
      // The receiver is on loopback: the operator setting that allows it.
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
    port,
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    const token = await logIn(base);
    const scans = scanLoad(base, token, STATIONS);
    const scanRun = (first: number, amount: number) => scans(meeting.id, codes, first, amount);
    const pid = app.child.pid!;
    await scanRun(2 * SCANS, 1000); // warm-up, guests no measured run touches

    let cpu = cpuMs(pid);
    const without = await scanRun(0, SCANS);
    const scanCpuUsWithout = ((cpuMs(pid) - cpu) * 1000) / without.requests.total;

    const created = await fetch(`${base}/api/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: hookUrl, event_types: ['scan.recorded'], organization_id: organization }),
    });
    const endpoint = (await created.json()) as { data: { secret: string } };
    hooks.useSecret(endpoint.data.secret);

    const begin = performance.now();
    cpu = cpuMs(pid);
    const withHooks = await scanRun(SCANS, SCANS);
    const scansEnd = withHooks.lastResponseAt;
    const deadline = Date.now() + 300_000;
    while (hooks.ids.size < SCANS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // A moment more: a duplicate would arrive after its first copy.
    await new Promise((r) => setTimeout(r, 500));
    const scanCpuUsWith = ((cpuMs(pid) - cpu) * 1000) / withHooks.requests.total;
    const received = [...hooks.ids.values()].reduce((a, b) => a + b, 0);
    return {
      scans: withHooks.requests.total - withHooks.non2xx - withHooks.errors,
      delivered: hooks.ids.size,
      duplicates: received - hooks.ids.size,
      badSignatures: hooks.bad(),
      deliveriesPerSecond: hooks.ids.size / ((hooks.last() - begin) / 1000),
      drainSeconds: (hooks.last() - scansEnd) / 1000,
      scanCpuUsWithout,
      scanCpuUsWith,
      scansPerSecondWithout: without.requests.total / without.seconds,
      scansPerSecondWith: withHooks.requests.total / withHooks.seconds,
    };
  } finally {
    await app.stop();
    hooks.server.closeAllConnections();
    await new Promise<void>((resolve) => hooks.server.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures as rows of the bench's table. */
export function webhookRows(run: WebhookBenchResult): Measured[] {
  return [
    {
      metric: `webhooks: ${run.scans} scans → deliveries received (signed, none lost)`,
      ours: run.delivered,
      baseline: run.scans,
      unit: 'deliveries',
      target: 'every scan once; 0 duplicates, 0 bad signatures (fails the run)',
      pass: run.delivered === run.scans && run.duplicates === 0 && run.badSignatures === 0,
      detail: {
        duplicates: run.duplicates,
        badSignatures: run.badSignatures,
        drainSeconds: run.drainSeconds,
      },
    },
    {
      metric: 'webhooks: delivery rate, first scan to last delivery',
      ours: run.deliveriesPerSecond,
      baseline: run.scansPerSecondWith,
      unit: '/s',
      target: 'report (baseline: the scan rate of the same run)',
      pass: null,
      detail: { drainSeconds: run.drainSeconds, scansPerSecondWithout: run.scansPerSecondWithout },
    },
    {
      metric: 'webhooks: scans/s with the endpoint',
      ours: run.scansPerSecondWith,
      baseline: run.scansPerSecondWithout,
      unit: '/s',
      target: 'report (baseline: the same scans, no endpoint)',
      pass: null,
    },
    {
      metric: 'webhooks: last delivery after the last scan',
      ours: run.drainSeconds,
      baseline: null,
      unit: 's',
      target: 'report',
      pass: null,
    },
    {
      metric: 'webhooks: server CPU per scan, with the endpoint',
      ours: run.scanCpuUsWith,
      baseline: run.scanCpuUsWithout,
      unit: 'µs',
      target: 'report (baseline: the same scans, no endpoint)',
      pass: null,
    },
  ];
}
