import { randomBytes } from 'node:crypto';
import { IMPORT_ROWS_MAX } from '@meetflow/shared/schemas/imports';
import type { Db } from '../apps/server/src/db/database.ts';
import { MEETING_QUESTIONS, openEvaluation } from '../apps/server/test/evaluation-report-fixtures.ts';
import type { SmtpFixture } from '../apps/server/test/smtp-fixture.ts';
import { congressFile, type Congress } from './congress-seed.ts';
import { p95, scanLoad } from './door-day.ts';
import { importThroughApi } from './guest-import.ts';
import { cpuMs } from './lib.ts';

/*
 * The steps of the 100,000-guest congress (congress.ts runs them): what each measures on the running
 * app, and the figures it gives.
 */

export const GUESTS = Number(process.env.BENCH_CONGRESS ?? 100_000);
export const SMALL = Math.min(1_000, GUESTS);
const OFFLINE_SCANS = Math.min(10_000, GUESTS / 2);
const OFFLINE_BATCH = 500; // OFFLINE_SYNC_MAX: what a station sends per request
export const BROADCAST_PER_MINUTE = 12_000;
/** How long the broadcast's sending is watched once its fan-out is over (`BENCH_BROADCAST_SECONDS`). */
const BROADCAST_STEADY_MS = Number(process.env.BENCH_BROADCAST_SECONDS ?? 30) * 1000;

export interface CongressResult {
  guests: number;
  seedSeconds: number;
  import?: {
    seconds: number;
    previewSeconds: number;
    peakRssMb: number;
    cpuMs: number;
    cpuMsPerGuest: number;
    imported: number;
    files: number;
  };
  listP95?: { all: number; filtered: Record<string, number> };
  export?: {
    seconds: number;
    peakMb: number;
    /** Server CPU (user + system) per exported guest, µs. */
    cpuUsPerGuest: number;
    /** The bare writer with an answer per cell (the export's cells), and with them in one cell as stored. */
    bareSeconds: number;
    barePeakMb: number;
    /** The bare writer's whole process (start-up and reading the rows included), µs per guest. */
    bareCpuUsPerGuest: number;
    storedBareSeconds: number;
  };
  certificates?: { listP95: number; issueSeconds: number; issued: number };
  broadcast?: {
    recipients: number;
    /** (a) From the POST until every recipient's job is queued: time, server CPU, mails sent meanwhile. */
    fanOutSeconds: number;
    fanOutCpuMs: number;
    sentDuringFanOut: number;
    /** (b) The steady window after the fan-out: its length, the mails received in it, their rate and CPU. */
    windowSeconds: number;
    windowMails: number;
    perSecond: number;
    pacePerSecond: number;
    cpuMsPerMail: number;
    /** Mails due by the schedule and not yet received, at the window's start and end. */
    backlogAtStart: number;
    backlogAtEnd: number;
  };
  evaluationReport?: { big: number; small: number; completions: number };
  offlineSync?: { seconds: number; recorded: number; scans: number; onlineSeconds: number };
  purge?: { seconds: number; guests: number; smallSeconds: number };
}

/** Median of `count` timed GETs (the first one warms up): for answers too slow for a p95 of 200. */
export async function medianMs(url: string, token: string, count = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i <= count; i++) {
    const begin = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    if (i > 0) times.push(performance.now() - begin);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Named answers of the meeting's evaluation from every other guest (the report reads them all). */
async function seedCompletions(db: Db, evaluationId: number, guestIds: number[], at: number) {
  const answering = guestIds.filter((_, i) => i % 2 === 0);
  await db.transaction().execute(async (trx) => {
    for (let first = 0; first < answering.length; first += 500) {
      await trx
        .insertInto('evaluation_completions')
        .values(
          answering.slice(first, first + 500).map((guest_id, i) => ({
            evaluation_id: evaluationId,
            guest_id,
            completed_at: at + i,
            passed: null,
            answers: JSON.stringify({
              venue: `p${1 + ((first + i) % 3)}`,
              safe: (first + i) % 5 !== 0,
              ...((first + i) % 7 === 0 ? { improve: 'More coffee' } : {}),
            }),
          })),
        )
        .execute();
    }
  });
  return answering.length;
}

/** The running app as each step uses it: its address, the organiser's token, its process, the database. */
export interface Running {
  base: string;
  token: string;
  headers: Record<string, string>;
  pid: number;
  db: Db;
}

/** The guest list's p95, unfiltered and on answers: a choice, a multiple choice, a yes/no, two keys. */
export async function guestList(
  { base, token }: Running,
  meetingId: number,
): Promise<NonNullable<CongressResult['listP95']>> {
  const list = (query: string) =>
    `${base}/api/meetings/${meetingId}/guests?page=1&page_size=20&sort_by=created_at&sort_order=desc${query}`;
  return {
    all: await p95(list(''), token),
    filtered: {
      'specialty:surgery': await p95(list('&answer=specialty:surgery'), token),
      'subspecialty:robotic': await p95(list('&answer=subspecialty:robotic'), token),
      'accompanied:yes': await p95(list('&answer=accompanied:yes'), token),
      'diet:veg + specialty:medicine': await p95(list('&answer=diet:veg&answer=specialty:medicine'), token),
      'diet:veg + keyword': await p95(list('&answer=diet:veg&keyword=Guest%205'), token),
    },
  };
}

/** The report of each meeting's named evaluation, answered by every other guest. */
export async function evaluationReports(
  running: Running,
  big: Congress,
  small: Congress,
): Promise<NonNullable<CongressResult['evaluationReport']>> {
  const { base, token, headers, db } = running;
  const answered = async (meeting: Congress) => {
    const res = await fetch(`${base}/api/meetings/${meeting.id}/evaluations`, {
      method: 'POST',
      headers,
      body: JSON.stringify(
        openEvaluation(0, 'Congress', { anonymous: false, pass_mark: null, fields: MEETING_QUESTIONS }),
      ),
    });
    if (!res.ok) throw new Error(`evaluation not created: ${await res.text()}`);
    const id = ((await res.json()) as { data: { id: number } }).data.id;
    const completions = await seedCompletions(db, id, meeting.guestIds, meeting.startAt + 9 * 3_600_000);
    return { id, completions };
  };
  const bigEvaluation = await answered(big);
  const smallEvaluation = await answered(small);
  return {
    big: await medianMs(`${base}/api/evaluations/${bigEvaluation.id}/report`, token, 1),
    small: await medianMs(`${base}/api/evaluations/${smallEvaluation.id}/report`, token, 1),
    completions: bigEvaluation.completions,
  };
}

/**
 * An offline station's queue: scans of guests who have not come yet, sent 500 a request in order as
 * the station does; the baseline sends as many scans of other guests online, one station.
 */
export async function offlineSync(
  running: Running,
  big: Congress,
): Promise<NonNullable<CongressResult['offlineSync']>> {
  const { base, token, headers } = running;
  const notCome = big.codes.filter((_, i) => i % 2 === 1);
  const scanned = notCome.slice(0, OFFLINE_SCANS);
  const queuedAt = Date.now() - 30 * 60_000;
  const begin = performance.now();
  let recorded = 0;
  for (let first = 0; first < scanned.length; first += OFFLINE_BATCH) {
    const res = await fetch(`${base}/api/attendance/offline-scans`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        meeting_id: big.id,
        schedule_id: null,
        station: 'Hall A (offline)',
        scans: scanned.slice(first, first + OFFLINE_BATCH).map((guest_code, i) => ({
          nonce: randomBytes(12).toString('base64url'),
          guest_code,
          direction: 'in',
          type: 'in',
          at: queuedAt + (first + i) * 100,
        })),
      }),
    });
    if (!res.ok) throw new Error(`offline sync answered ${res.status}: ${await res.text()}`);
    recorded += ((await res.json()) as { data: { recorded: number } }).data.recorded;
  }
  const seconds = (performance.now() - begin) / 1000;
  const online = await scanLoad(base, token, 1)(big.id, notCome, OFFLINE_SCANS, OFFLINE_SCANS);
  return { seconds, recorded, scans: scanned.length, onlineSeconds: online.seconds };
}

/** Waits until `done()` holds, looking every `everyMs`; answers when it held (performance.now()). */
async function until(done: () => boolean | Promise<boolean>, everyMs = 50): Promise<number> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, everyMs));
  return performance.now();
}

/** The server's CPU and the mails received at one moment: two of them make a window. */
function mark(pid: number, smtp: SmtpFixture) {
  return { at: performance.now(), cpu: cpuMs(pid), received: smtp.count };
}

/**
 * A broadcast to every guest, in two parts. (a) The fan-out: from the POST until its `mail.broadcast`
 * job is done, every recipient's job queued (mails already sent meanwhile are counted apart). (b) The
 * sending: a window of BROADCAST_STEADY_MS that starts at the first mail delivered once the fan-out is
 * over, for the CPU per delivered mail and the delivered rate against the configured pace; the backlog
 * is how many mails were due by the schedule (one each 60 s / pace from the POST) and not yet received.
 */
export async function broadcastToAll(
  running: Running,
  smtp: SmtpFixture,
  meetingId: number,
): Promise<NonNullable<CongressResult['broadcast']>> {
  const { base, headers, pid, db } = running;
  const count = (await (
    await fetch(`${base}/api/meetings/${meetingId}/broadcasts/count`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ filters: {} }),
    })
  ).json()) as { data: { count: number } };
  const recipients = count.data.count;
  const receivedBefore = smtp.count;
  const start = mark(pid, smtp);
  const sent = await fetch(`${base}/api/meetings/${meetingId}/broadcasts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      filters: {},
      texts: { en: { subject: 'Congress news', body: 'The plenary moves to Hall B tomorrow.' } },
      confirmed_count: recipients,
    }),
  });
  if (!sent.ok) throw new Error(`broadcast answered ${sent.status}: ${await sent.text()}`);
  const { id } = ((await sent.json()) as { data: { id: number } }).data;
  const fanOutDone = async () =>
    (await db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst())?.status === 'done';
  await until(fanOutDone, 100);
  const fannedOut = mark(pid, smtp);
  await until(() => smtp.count > fannedOut.received, 5);
  const first = mark(pid, smtp);
  const delivered = () => smtp.count - receivedBefore;
  await until(() => delivered() >= recipients || performance.now() >= first.at + BROADCAST_STEADY_MS, 20);
  const last = mark(pid, smtp);
  const spacingMs = 60_000 / BROADCAST_PER_MINUTE;
  const dueBy = (at: number) => Math.min(recipients, Math.floor((at - start.at) / spacingMs) + 1);
  const windowMails = Math.max(1, last.received - first.received);
  return {
    recipients,
    fanOutSeconds: (fannedOut.at - start.at) / 1000,
    fanOutCpuMs: fannedOut.cpu - start.cpu,
    sentDuringFanOut: fannedOut.received - start.received,
    windowSeconds: (last.at - first.at) / 1000,
    windowMails: last.received - first.received,
    perSecond: windowMails / ((last.at - first.at) / 1000),
    pacePerSecond: BROADCAST_PER_MINUTE / 60,
    cpuMsPerMail: (last.cpu - first.cpu) / windowMails,
    backlogAtStart: dueBy(first.at) - (first.received - receivedBefore),
    backlogAtEnd: dueBy(last.at) - delivered(),
  };
}

/** The retention purge once the meetings are over ("purge now"): the small one, then the congress. */
export async function purges(
  running: Running,
  big: Congress,
  small: Congress,
): Promise<NonNullable<CongressResult['purge']>> {
  const { base, headers, db } = running;
  const purge = async (meeting: Congress) => {
    await db
      .updateTable('meetings')
      .set({ end_at: Date.now() - 60_000 })
      .where('id', '=', meeting.id)
      .execute();
    const begin = performance.now();
    const res = await fetch(`${base}/api/meetings/${meeting.id}/purge`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ confirm: meeting.name }),
    });
    if (!res.ok) throw new Error(`purge answered ${res.status}: ${await res.text()}`);
    const { data } = (await res.json()) as { data: { guests: number } };
    return { seconds: (performance.now() - begin) / 1000, guests: data.guests };
  };
  const smallPurge = await purge(small);
  const bigPurge = await purge(big);
  return { seconds: bigPurge.seconds, guests: bigPurge.guests, smallSeconds: smallPurge.seconds };
}

/**
 * The import first, on a freshly started process: its peak memory is its own. A file holds at most
 * IMPORT_ROWS_MAX rows (30,000), so 100,000 guests come as files of equal size, one after the other,
 * as an organiser would have to send them.
 */
export async function importFiles(
  running: Running,
  meetingId: number,
): Promise<NonNullable<CongressResult['import']>> {
  const { base, token, pid, db } = running;
  const files = Math.ceil(GUESTS / IMPORT_ROWS_MAX);
  const rows = Math.ceil(GUESTS / files);
  const result = { seconds: 0, previewSeconds: 0, peakRssMb: 0, cpuMs: 0, files };
  for (let first = 0; first < GUESTS; first += rows) {
    const file = await congressFile(Math.min(rows, GUESTS - first), 2 * GUESTS + first);
    const run = await importThroughApi(base, token, meetingId, file, pid);
    result.seconds += run.seconds;
    result.previewSeconds += run.previewSeconds;
    result.peakRssMb = Math.max(result.peakRssMb, run.peakRssMb);
    result.cpuMs += run.cpuMs;
  }
  const imported = Number(
    (
      await db
        .selectFrom('guests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('meeting_id', '=', meetingId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  return { ...result, cpuMsPerGuest: result.cpuMs / Math.max(1, imported), imported };
}
