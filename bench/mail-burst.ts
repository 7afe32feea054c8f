import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import {
  clientIp,
  createMeeting,
  createOrganization,
  generalBody,
} from '../apps/server/test/registration-fixtures.ts';
import { startSmtp } from '../apps/server/test/smtp-fixture.ts';
import { builtServer, cpuMs, startProcess, timedRun, type Started } from './lib.ts';
import { freshTarget, type Target } from './signup-burst.ts';
import type { Measured } from './row.ts';

/**
 * Mail burst (issue 15): SIGN_UPS sign-ups through HTTP, each writing its confirmation into the
 * outbox, against the real server processes with their job runners on, and a real SMTP server in
 * this process. On PostgreSQL two instances share the outbox. What counts is what the mail server
 * received: every guest's confirmation, once.
 */
const SIGN_UPS = 1000;
const CONNECTIONS = 50;

export interface MailBurstResult {
  instances: number;
  signUpsAccepted: number;
  signUpsPerSecond: number;
  mailsReceived: number;
  /** Messages beyond one per guest (same recipient twice) and repeated Message-IDs. */
  duplicates: number;
  /** From the first sign-up to the last mail accepted by the SMTP server. */
  allDeliveredMs: number;
  /** Server CPU (all instances) per delivered mail, rendering and SMTP included. */
  cpuMsPerMail: number;
  /**
   * Server CPU per sign-up of the same burst on a meeting whose confirmation mails are off (run
   * first, same processes): what cpuMsPerMail holds besides rendering and sending the mail.
   */
  cpuMsPerSignUpWithoutMail: number;
}

export async function mailBurst(kind: Target['kind'], ports: number[]): Promise<MailBurstResult> {
  const target = await freshTarget(kind);
  const smtp = await startSmtp();
  const config = loadConfig({ NODE_ENV: 'production', ...target.env });
  const { db } = openDatabase(config);
  const apps: Started[] = [];
  try {
    await migrateToLatest(db);
    const organizationId = await createOrganization(db);
    const meeting = await createMeeting(db, organizationId);
    const withoutMail = await createMeeting(db, organizationId);
    await db
      .insertInto('meeting_mail_settings')
      .values({
        meeting_id: withoutMail.id,
        confirmation_enabled: 0,
        reminder_hours: 0,
        lookup_code_by_email: 0,
        templates: '{}',
        updated_at: Date.now(),
      })
      .execute();
    await db.destroy();
    for (const port of ports) {
      apps.push(
        await startProcess(
          builtServer(),
          {
            ...target.env,
            NODE_ENV: 'production',
            HOST: '127.0.0.1',
            LOG_LEVEL: 'warn',
            ADMIN_PASSWORD: 'Bench-admin-pass-1',
            TRUST_PROXY: '127.0.0.1',
            SMTP_URL: smtp.url,
          },
          port,
        ),
      );
    }
    const cpuNow = () => apps.reduce((sum, a) => sum + cpuMs(a.child.pid!), 0);
    // The baseline first: the same burst where no mail is sent, and the runner's passes after it.
    const baselineBefore = cpuNow();
    const baseline = await signUpBurst(ports, withoutMail.publicId, SIGN_UPS);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const cpuMsPerSignUpWithoutMail = (cpuNow() - baselineBefore) / Math.max(1, baseline.accepted);
    const cpuBefore = cpuNow();
    const begin = performance.now();
    const { accepted, lastResponseAt } = await signUpBurst(ports, meeting.publicId, 0);
    const signUpsSeconds = (lastResponseAt - begin) / 1000;
    const deadline = Date.now() + 300_000;
    while (smtp.received.length < accepted && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const allDeliveredMs = performance.now() - begin;
    // Give a late duplicate the time to show.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const cpu = cpuNow() - cpuBefore;
    const recipients = new Set(smtp.received.map((m) => (m.to && 'text' in m.to ? m.to.text : '')));
    const messageIds = new Set(smtp.received.map((m) => m.messageId));
    return {
      instances: ports.length,
      signUpsAccepted: accepted,
      signUpsPerSecond: accepted / signUpsSeconds,
      mailsReceived: smtp.received.length,
      duplicates: smtp.received.length - Math.min(recipients.size, messageIds.size),
      allDeliveredMs,
      cpuMsPerMail: cpu / Math.max(1, smtp.received.length),
      cpuMsPerSignUpWithoutMail,
    };
  } finally {
    for (const app of apps) await app.stop();
    await smtp.close();
    await target.drop();
  }
}

/**
 * SIGN_UPS sign-ups to one meeting, the instances sharing them as behind a load balancer (each
 * autocannon run hits one); guest numbers from `first` (phones and client addresses differ).
 */
async function signUpBurst(ports: number[], publicId: string, first: number) {
  let next = first;
  let accepted = 0;
  const runs = await Promise.all(
    ports.map((port) =>
      timedRun({
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS / ports.length,
        amount: SIGN_UPS / ports.length,
        requests: [
          {
            method: 'POST',
            path: `/api/public/meetings/${publicId}/sign-ups`,
            setupRequest: (request) => {
              const n = next++;
              return {
                ...request,
                headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(n) },
                body: JSON.stringify(generalBody(n)),
              };
            },
            onResponse: (status) => {
              if (status === 200) accepted += 1;
            },
          },
        ],
      }),
    ),
  );
  return { accepted, lastResponseAt: Math.max(...runs.map((r) => r.lastResponseAt)) };
}

/** The figures of one burst as rows of the bench's table. */
export function mailBurstRows(kind: Target['kind'], burst: MailBurstResult): Measured[] {
  const label = `${kind}, ${burst.instances} instance${burst.instances > 1 ? 's' : ''}`;
  return [
    {
      metric: `mail burst: mails received / sign-ups (${label})`,
      ours: burst.mailsReceived,
      baseline: burst.signUpsAccepted,
      unit: 'mails',
      target: 'equal, 0 duplicates',
      pass: burst.mailsReceived === burst.signUpsAccepted && burst.duplicates === 0,
      detail: { duplicates: burst.duplicates, signUpsPerSecond: burst.signUpsPerSecond },
    },
    {
      metric: `mail burst: all delivered after (${label})`,
      ours: burst.allDeliveredMs / 1000,
      baseline: null,
      unit: 's',
      target: 'report',
      pass: null,
      detail: { cpuMsPerMail: burst.cpuMsPerMail },
    },
    {
      metric: `mail burst: server CPU per mail (${label})`,
      ours: burst.cpuMsPerMail,
      baseline: burst.cpuMsPerSignUpWithoutMail,
      unit: 'ms',
      target: 'report',
      pass: null,
    },
    {
      // What rendering and sending a confirmation adds to its sign-up (issue 46's target).
      metric: `mail burst: server CPU per mail beyond its sign-up (${label})`,
      ours: burst.cpuMsPerMail - burst.cpuMsPerSignUpWithoutMail,
      baseline: null,
      unit: 'ms',
      target: '≤ 5',
      pass: burst.cpuMsPerMail - burst.cpuMsPerSignUpWithoutMail <= 5,
    },
  ];
}
