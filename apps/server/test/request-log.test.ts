import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api } from './guest-fixtures.ts';
import { createTestContext, TEST_DB, type TestContext } from './helpers.ts';
import { createMeeting, createOrganization, type MeetingFixture } from './registration-fixtures.ts';

/** Request logs name the path only: guest searches put names, phones and emails in the query string. */
describe(`request logging without personal data (${TEST_DB})`, () => {
  const lines: string[] = [];
  let ctx: TestContext;
  let admin: Api;
  let token: string;
  let meeting: MeetingFixture;

  beforeAll(async () => {
    ctx = await createTestContext(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    token = (await ctx.login()).access_token;
    admin = adminApi(ctx, token);
    meeting = await createMeeting(ctx.db, await createOrganization(ctx.db));
  });
  afterAll(() => ctx.close());

  it('logs method and path of a guest search, never its keyword', async () => {
    lines.length = 0;
    const keywords = ['Chan Tai Man', '+85366123456', 'tai.man@example.com'];
    for (const keyword of keywords) {
      const query = `keyword=${encodeURIComponent(keyword)}`;
      expect((await admin('GET', `/api/meetings/${meeting.id}/guests?${query}`)).statusCode).toBe(200);
      expect((await admin('GET', `/api/meetings/${meeting.id}/guests/export?${query}`)).statusCode).toBe(200);
    }
    const log = lines.join('');
    const incoming = lines.map((l) => JSON.parse(l) as { msg: string; req?: Record<string, unknown> });
    expect(incoming.filter((l) => l.msg === 'incoming request').map((l) => l.req)).toContainEqual(
      expect.objectContaining({ method: 'GET', path: `/api/meetings/${meeting.id}/guests` }),
    );
    expect(log).toContain(`/api/meetings/${meeting.id}/guests/export`);
    for (const keyword of [...keywords, 'Chan', '66123456', 'example.com', 'keyword=']) {
      expect(log).not.toContain(keyword);
      expect(log).not.toContain(encodeURIComponent(keyword));
    }
    expect(log).not.toContain(token);
  });
});
