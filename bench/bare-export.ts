// The export baseline: the same guest rows read in keyset batches and written by a bare exceljs
// streaming writer to a discarding stream — no HTTP, no localisation, no cell neutralisation.
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';

const meetingId = Number(process.argv[2]);
const { db } = openDatabase(loadConfig());
const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
const begin = performance.now();
const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
  stream: sink,
  useSharedStrings: false,
  useStyles: false,
});
const sheet = workbook.addWorksheet('Guests');
sheet.columns = [
  'Name',
  'Gender',
  'Area code',
  'Phone',
  'Email',
  'Institution',
  'Job title',
  'Guest code',
  'Signed up',
].map((header) => ({ header }));
let after = 0;
for (;;) {
  const rows = await db
    .selectFrom('guests')
    .select([
      'id',
      'name',
      'gender',
      'area_code',
      'phone',
      'email',
      'institution',
      'job_title',
      'guest_code',
      'created_at',
    ])
    .where('meeting_id', '=', meetingId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(1000)
    .execute();
  if (!rows.length) break;
  for (const r of rows) {
    sheet
      .addRow([
        r.name,
        r.gender,
        r.area_code,
        r.phone,
        r.email,
        r.institution,
        r.job_title,
        r.guest_code,
        new Date(r.created_at),
      ])
      .commit();
  }
  after = rows[rows.length - 1]!.id;
}
sheet.commit();
await workbook.commit();
await db.destroy();
process.stdout.write(JSON.stringify({ seconds: (performance.now() - begin) / 1000 }));
