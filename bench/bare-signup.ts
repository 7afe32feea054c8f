// The sign-up baseline: bare Fastify on node:sqlite, the app's own database file and schema, with the
// same seat logic (a conditional UPDATE of the meeting and of each session, the guest row, its
// enrolments) and the same group commit under `synchronous = full` — and nothing else: no validation
// library, no query builder, no search terms, audit entry, webhooks or mail.
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import Fastify from 'fastify';

const db = new DatabaseSync(path.join(process.env.DATA_DIR!, 'meetflow.sqlite'), { timeout: 5000 });
db.exec('pragma journal_mode = wal');
db.exec('pragma synchronous = full');
db.exec('pragma foreign_keys = on');

const meetingByPublicId = db.prepare(
  'select id from meetings where public_id = ? and deleted_at is null and signup_enabled = 1',
);
const phoneTaken = db.prepare('select 1 from guests where meeting_id = ? and area_code = ? and phone = ?');
const meetingSeat = db.prepare(
  `update meetings set registered_count = registered_count + 1
   where id = ? and (registration_limit = 0 or registered_count + waitlist_held < registration_limit)`,
);
const sessionSeat = db.prepare(
  `update schedules set signup_count = signup_count + 1
   where id = ? and (signup_limit = 0 or signup_count + waitlist_held < signup_limit)`,
);
const insertGuest = db.prepare(
  `insert into guests (meeting_id, guest_code, token_hash, area_code, phone, email, name_zh, name_en,
     organization, user_type_id, license_number, other, academy_member, created_at)
   values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
);
const insertEnrolment = db.prepare(
  'insert into guest_schedules (guest_id, schedule_id, created_at) values (?, ?, ?)',
);

/** Group commit: the first write of an event-loop turn opens a batch, committed after the turn. */
let batch: { done: Promise<void>; resolve: () => void } | null = null;
function joinBatch(): Promise<void> {
  if (!batch) {
    db.exec('begin immediate');
    let resolve!: () => void;
    const done = new Promise<void>((r) => (resolve = r));
    batch = { done, resolve };
    setImmediate(() => {
      db.exec('commit');
      const finished = batch!;
      batch = null;
      finished.resolve();
    });
  }
  return batch.done;
}

interface Body {
  area_code: string;
  phone: string;
  email: string;
  name_zh: string;
  name_en: string;
  organization: string;
  user_type_id: number;
  license_number: string;
  other: string;
  academy_member: boolean;
  schedule_ids: number[];
}

const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
app.post<{ Params: { publicId: string }; Body: Body }>(
  '/api/public/meetings/:publicId/sign-ups',
  async (request, reply) => {
    const body = request.body;
    const meeting = meetingByPublicId.get(request.params.publicId) as { id: number } | undefined;
    if (!meeting) return reply.code(404).send({ code: 40400, message: 'no meeting', data: null });
    if (phoneTaken.get(meeting.id, body.area_code, body.phone)) {
      return reply.code(409).send({ code: 40900, message: 'already signed up', data: null });
    }
    const committed = joinBatch();
    db.exec('savepoint s');
    const now = Date.now();
    const full = () => {
      db.exec('rollback to s');
      db.exec('release s');
      return reply.code(409).send({ code: 40901, message: 'full', data: null });
    };
    if (meetingSeat.run(meeting.id).changes === 0) return full();
    const sessions = [...body.schedule_ids].sort((a, b) => a - b);
    for (const id of sessions) if (sessionSeat.run(id).changes === 0) return full();
    const token = randomBytes(32).toString('base64url');
    const guest = insertGuest.get(
      meeting.id,
      randomBytes(24).toString('base64url'),
      createHash('sha256').update(token).digest('hex'),
      body.area_code,
      body.phone,
      body.email,
      body.name_zh,
      body.name_en,
      body.organization,
      body.user_type_id,
      body.license_number,
      body.other,
      body.academy_member ? 1 : 0,
      now,
    ) as { id: number };
    for (const id of sessions) insertEnrolment.run(guest.id, id, now);
    db.exec('release s');
    await committed;
    return { code: 0, message: 'ok', data: { guest_token: token, guest_id: guest.id } };
  },
);
app.get('/api/health', async () => ({ code: 0, message: 'ok', data: { status: 'ok' } }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
