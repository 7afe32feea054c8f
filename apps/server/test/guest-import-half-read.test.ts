import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GuestImport } from '@meetflow/shared/schemas/imports';
import { adminApi, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { csvOf, GENERAL_HEADERS, generalRow, uploadedGuestFile } from './import-fixtures.ts';
import { createMeeting, createOrganization, type MeetingFixture } from './registration-fixtures.ts';
import { freePort, outcome, startInstance, stopInstance, waitFor, type Instance } from './server-process.ts';

/*
 * A server killed (SIGKILL) while it stores a guest file's rows, at upload or reading a CSV again
 * in another encoding: the import must not look ready (nothing offers its preview or start), and
 * the job runner's pass drops it, with its rows, once the read has been still for an hour.
 */

const ROWS = 60_000;
const MINUTE = 60_000;
const FILE = csvOf([GENERAL_HEADERS, ...Array.from({ length: ROWS }, (_, i) => generalRow(i))], 'utf-8');

describe(`guest file reading killed mid-way (${TEST_DB})`, () => {
  let ctx: TestContext;
  let token: string;
  let api: Api;
  let instance: Instance | undefined;
  // A database per case: each moves the clock an hour on.
  beforeEach(async () => {
    ctx = await createTestContext();
    token = (await ctx.login()).access_token;
    api = adminApi(ctx, token);
  });
  afterEach(async () => {
    if (instance) await stopInstance(instance);
    instance = undefined;
    await ctx.close();
  });

  const rowsStored = async (meeting: MeetingFixture) =>
    Number(
      (
        await ctx.db
          .selectFrom('import_rows')
          .innerJoin('imports', 'imports.id', 'import_rows.import_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('imports.meeting_id', '=', meeting.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Sends the request to a real server and kills it once `midRead` holds; the request is cut. */
  async function killedDuring(request: (url: string) => Promise<Response>, midRead: () => Promise<boolean>) {
    instance = await startInstance(ctx, await freePort());
    const answer = outcome(request(instance.url));
    await waitFor(midRead, 60_000);
    instance.child.kill('SIGKILL');
    await stopInstance(instance);
    instance = undefined;
    expect(typeof (await answer), 'the request was cut, not answered').toBe('string');
  }

  /** The import left behind is not offered, stays while its read may go on, and goes an hour after it began. */
  async function neverOfferedThenDropped(meeting: MeetingFixture, id: number, readAt: number) {
    const list = await api('GET', `/api/meetings/${meeting.id}/guest-imports`);
    expect(list.json().data.items).toMatchObject([{ id, status: 'reading' }]);
    const preview = await api('POST', `/api/guest-imports/${id}/preview`, { mapping: [] });
    expect(preview.statusCode).toBe(409);
    const start = await api('POST', `/api/guest-imports/${id}/start`, { mapping: [] });
    expect(start.json().data).toMatchObject({ status: 'reading' });
    const jobs = await ctx.db.selectFrom('jobs').select('id').where('kind', '=', 'guest-import').execute();
    expect(jobs).toEqual([]);

    ctx.advance(readAt + 59 * MINUTE - ctx.now());
    await ctx.app.jobs.runDue();
    expect((await api('GET', `/api/guest-imports/${id}`)).statusCode).toBe(200);
    ctx.advance(2 * MINUTE);
    await ctx.app.jobs.runDue();
    expect((await api('GET', `/api/guest-imports/${id}`)).statusCode).toBe(404);
    expect(await rowsStored(meeting)).toBe(0);
  }

  it('at upload: the import has part of the rows and no headers', async () => {
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(FILE)]), 'guests.csv');
    await killedDuring(
      (url) =>
        fetch(`${url}/api/meetings/${meeting.id}/guest-imports`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        }),
      async () => (await rowsStored(meeting)) > 0,
    );
    expect(await rowsStored(meeting)).toBeLessThan(ROWS);
    const list = await api('GET', `/api/meetings/${meeting.id}/guest-imports`);
    const [left] = list.json().data.items as GuestImport[];
    expect(left).toMatchObject({ status: 'reading', headers: [], progress: { total: 0 } });
    await neverOfferedThenDropped(meeting, left!.id, left!.created_at);
  }, 120_000);

  it('read again in another encoding: the old rows half replaced under the old headers', async () => {
    const meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
    const uploaded = await uploadedGuestFile(ctx, token, meeting, FILE, 'guests.csv');
    // Uploaded two hours before it is read again: the hour runs from the new read.
    await ctx.db
      .updateTable('imports')
      .set({ created_at: uploaded.created_at - 2 * 60 * MINUTE })
      .where('id', '=', uploaded.id)
      .execute();
    const askedAt = Date.now();
    await killedDuring(
      (url) =>
        fetch(`${url}/api/guest-imports/${uploaded.id}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ encoding: 'utf-8' }),
        }),
      async () => (await rowsStored(meeting)) < ROWS,
    );
    const left = (await api('GET', `/api/guest-imports/${uploaded.id}`)).json().data as GuestImport;
    expect(left).toMatchObject({ headers: GENERAL_HEADERS, progress: { total: ROWS } });
    await neverOfferedThenDropped(meeting, uploaded.id, askedAt);
  }, 120_000);
});
