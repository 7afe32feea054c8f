import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { GENERAL_HEADERS, generalRow, hostileCsvs, xlsxBombs, xlsxOf } from './import-fixtures.ts';
import { createMeeting, createOrganization } from './registration-fixtures.ts';
import { freePort, startInstance, stopInstance, type Instance } from './server-process.ts';

/*
 * What a hostile import file costs a real server process: its resident memory's high-water mark
 * (VmHWM, reset before each file through clear_refs) against its resident memory when the file began.
 */

/** How far above where it began one file may take the server. */
const HEADROOM_MB = 50;

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`))!;
  return Number(/(\d+)/.exec(line)![1]);
}
const megabytes = (kb: number) => Math.round((kb / 1024) * 10) / 10;

describe(`import memory (${TEST_DB})`, () => {
  let ctx: TestContext;
  let instance: Instance;
  let token: string;
  let meetingId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    token = (await ctx.login()).access_token;
    meetingId = (await createMeeting(ctx.db, await createOrganization(ctx.db))).id;
    instance = await startInstance(ctx, await freePort());
  }, 60_000);
  afterAll(async () => {
    if (instance) await stopInstance(instance);
    await ctx.close();
  });

  const upload = async (bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${instance.url}/api/meetings/${meetingId}/guest-imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as { code: number; message: string } };
  };

  it('keeps the server within 50 MB of rest for each hostile file, and refuses each', async () => {
    const pid = instance.child.pid!;
    // A first, ordinary file loads the reader's modules: their code is part of rest, not of a file.
    const ordinary = await upload(await xlsxOf([GENERAL_HEADERS, generalRow(1)]), 'guests.xlsx');
    expect(ordinary.status).toBe(200);
    const rest = statusKb(pid, 'VmRSS');

    const csv = hostileCsvs();
    const bombs = await xlsxBombs(100);
    const files: [string, Buffer, string][] = [
      ['10 MB cell', csv.cell, 'cell.csv'],
      ['10 MB line', csv.line, 'line.csv'],
      ['10 MB row', csv.row, 'row.csv'],
      ['sheet XML bomb', bombs.sheet, 'sheet-bomb.xlsx'],
      ['shared-strings bomb', bombs.sharedStrings, 'strings-bomb.xlsx'],
    ];
    const peaks: Record<string, number> = {};
    const starts: Record<string, number> = {};
    const answers: Record<string, string> = {};
    const figures: string[] = [];
    for (const [label, bytes, name] of files) {
      writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
      const before = statusKb(pid, 'VmRSS');
      starts[label] = megabytes(before);
      const res = await upload(bytes, name);
      peaks[label] = megabytes(statusKb(pid, 'VmHWM'));
      answers[label] = `${res.status} ${res.body.code}`;
      figures.push(`${label}: ${megabytes(before)} → peak ${peaks[label]} MB (${answers[label]})`);
    }
    console.warn(`import memory (${TEST_DB}), at rest ${megabytes(rest)} MB:\n  ${figures.join('\n  ')}`);
    // Each file against where it began: the process keeps what freed memory glibc holds on to, so
    // later files start higher. Against the first file's rest this read as headroom only while the
    // start-up collection had not yet run (rest 190 MB, then 138 at the first file).
    for (const [label] of files) {
      expect(peaks[label]! - starts[label]!, label).toBeLessThanOrEqual(HEADROOM_MB);
    }
    // And no file's garbage piling up on the last ones': 59–70 MB over rest after all five.
    expect(Math.max(...Object.values(peaks)) - megabytes(rest)).toBeLessThanOrEqual(2 * HEADROOM_MB);
    // Each refused as it is read, in the user's language.
    expect(Object.values(answers)).toEqual([
      `400 ${ERRORS.IMPORT_TEXT_TOO_LONG.code}`,
      `400 ${ERRORS.IMPORT_TEXT_TOO_LONG.code}`,
      `400 ${ERRORS.IMPORT_TEXT_TOO_LONG.code}`,
      `400 ${ERRORS.IMPORT_TEXT_TOO_LONG.code}`,
      `400 ${ERRORS.IMPORT_FILE_UNSAFE.code}`,
    ]);
  }, 120_000);
});
