// The certificates baseline: the same 5,000 certificates drawn by the same renderer straight from
// their figures — no database, HTTP, template loading or ZIP — in a process of its own.
import {
  certificateValues,
  DEFAULT_TEMPLATE,
} from '../apps/server/src/modules/certificates/certificate-content.ts';
import { certificatePdf } from '../apps/server/src/modules/certificates/certificate-pdf.ts';

const count = Number(process.argv[2]);
const meeting = {
  name: '澳門醫學年會',
  name_cn: '澳门医学年会',
  name_en: 'Macao Medical Congress',
  start_at: 0,
  end_at: 0,
};
const begin = performance.now();
let bytes = 0;
for (let k = 0; k < count; k++) {
  const values = certificateValues(
    {
      guest: { name: '', name_zh: `陳大文${k}`, name_en: `Guest ${k}` },
      meeting,
      minutes: 390,
      credits: 6.5,
      sessions: [],
      code: 'ABCDEFGHJKMNPQRSTVWXYZ01',
      issuedAt: 0,
    },
    'zh-tw',
    'http://127.0.0.1',
    'Asia/Macau',
  );
  bytes += (
    await certificatePdf({ template: DEFAULT_TEMPLATE, background: null, values, title: meeting.name })
  ).length;
}
process.stdout.write(JSON.stringify({ seconds: (performance.now() - begin) / 1000, bytes }));
