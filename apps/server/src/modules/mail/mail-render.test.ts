import jsQR from 'jsqr';
import mjml from 'mjml';
import ical, { type VEvent } from 'node-ical';
import { PNG } from 'pngjs';
import { toBuffer as qrcodePng } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { cancelledCalendars, meetingCalendars } from './mail-calendar.ts';
import { mailContent } from './mail-render-content.ts';
import { mailMjml } from './mail-render-html.ts';
import { fillPlaceholders, renderMail, type MailContext, type RenderedMail } from './mail-render.ts';

const CODE = 'Xk3vQ9mZ2pL8rT5wY1nB7cD4fG6hJ0sA';
const LINK = 'https://meetflow.example.mo/g/m7Hq2';

function context(over: Partial<MailContext> = {}): MailContext {
  return {
    kind: 'confirmation',
    language: 'zh-tw',
    timeZone: 'Asia/Macau',
    meeting: {
      public_id: 'm7Hq2',
      name: '澳門醫學教育研討會',
      name_cn: '澳门医学教育研讨会',
      name_en: 'Macao Medical Education Symposium',
      location: '澳門大學演講廳',
      location_cn: '澳门大学演讲厅',
      location_en: 'University of Macau Lecture Theatre',
      // 2026-03-05 09:00 – 17:30 in Macao (UTC+8).
      start_at: Date.UTC(2026, 2, 5, 1, 0),
      end_at: Date.UTC(2026, 2, 5, 9, 30),
      meeting_type: 'general',
      theme_color: '#7a1fa2',
    },
    guest: { id: 42, guest_code: CODE, display_name: '陳大文', email: 'chan@example.org' },
    answers: {},
    organizer: 'MeetFlow <no-reply@meetflow.test>',
    sessions: [],
    cancelledSessions: [],
    sequence: 0,
    renderedAt: Date.UTC(2026, 1, 20, 3, 4, 5),
    guestPageUrl: LINK,
    template: null,
    ...over,
  };
}

const BREAKFAST = {
  id: 1,
  name: '早餐會',
  name_cn: '早餐会',
  name_en: 'Breakfast',
  date: '2026-03-05',
  start_time: '07:30',
  end_time: '09:00',
};
const KEYNOTE = {
  id: 2,
  name: '專題講座',
  name_cn: '专题讲座',
  name_en: 'Keynote',
  date: '2026-03-05',
  start_time: '14:00',
  end_time: '17:30',
};
const WORKSHOP = { ...KEYNOTE, id: 3, name: '工作坊', date: '2026-03-06', start_time: null, end_time: null };

function schedule(over: Partial<MailContext> = {}): MailContext {
  const base = context();
  return context({
    meeting: { ...base.meeting, meeting_type: 'date_schedule', end_at: Date.UTC(2026, 2, 6, 9, 0) },
    sessions: [KEYNOTE, BREAKFAST, WORKSHOP],
    ...over,
  });
}

function attachment(mail: RenderedMail, filename: string) {
  const found = mail.attachments.find((a) => a.filename === filename);
  if (!found) throw new Error(`no ${filename} among ${mail.attachments.map((a) => a.filename).join(', ')}`);
  return found;
}

function vevents(ics: string): VEvent[] {
  return Object.values(ical.sync.parseICS(ics)).filter((c): c is VEvent => c?.type === 'VEVENT');
}

/** Each calendar object's one event. */
function eventsOf(objects: readonly { content: string }[]): VEvent[] {
  return objects.flatMap((o) => {
    const list = vevents(o.content);
    expect(list).toHaveLength(1);
    return list;
  });
}

/** The events of the mail's calendar files named `<name>.ics` or `<name>-<n>.ics`. */
function fileEvents(mail: RenderedMail, name: string): VEvent[] {
  const pattern = new RegExp(`^${name}(-\\d+)?\\.ics$`);
  return eventsOf(
    mail.attachments
      .filter((a) => pattern.test(a.filename))
      .map((a) => ({ content: a.content.toString('utf8') })),
  );
}

describe('renderMail', () => {
  it('attaches the guest code as a QR code that decodes to exactly the code, shown inline', async () => {
    const mail = await renderMail(context());
    const qr = attachment(mail, 'qr-code.png');
    expect(qr.contentType).toBe('image/png');
    expect(qr.cid).toBe('qr-code');
    expect(mail.html).toContain('src="cid:qr-code"');
    const png = PNG.sync.read(qr.content);
    expect(png.width).toBeGreaterThanOrEqual(480);
    expect(jsQR.default(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(CODE);
    // The same picture as qrcode's own PNG renderer with the options it had (mail-qr.ts draws it itself).
    const theirs = PNG.sync.read(
      await qrcodePng(CODE, { type: 'png', width: 480, margin: 2, errorCorrectionLevel: 'M' }),
    );
    expect(png.width).toBe(theirs.width);
    expect(Buffer.compare(png.data, theirs.data)).toBe(0);
  });

  it('writes a general meeting as one event from its start to its end', async () => {
    const mail = await renderMail(context({ sequence: 3 }));
    const ics = attachment(mail, 'meeting.ics');
    expect(ics.contentType).toContain('method=REQUEST');
    const parsed = ical.sync.parseICS(ics.content.toString('utf8'));
    expect(parsed.vcalendar?.method).toBe('REQUEST');
    // The same invitation goes inline, the part mail clients act on.
    expect(mail.invitation).toEqual({ method: 'REQUEST', content: ics.content.toString('utf8') });
    const [event, ...rest] = vevents(ics.content.toString('utf8'));
    expect(rest).toHaveLength(0);
    expect(event?.uid).toBe('meetflow-m7Hq2-42-meeting@meetflow');
    expect(event?.start.toISOString()).toBe('2026-03-05T01:00:00.000Z');
    expect(event?.end?.toISOString()).toBe('2026-03-05T09:30:00.000Z');
    expect(event?.sequence).toBe(3);
    expect(event?.summary).toBe('澳門醫學教育研討會');
    expect(event?.location).toBe('澳門大學演講廳');
    expect(event?.dtstamp.toISOString()).toBe('2026-02-20T03:04:05.000Z');
    expect((event?.organizer as unknown as { val: string }).val).toBe('mailto:no-reply@meetflow.test');
    expect((event?.attendee as unknown as { val: string }).val).toBe('MAILTO:chan@example.org');
  });

  it('gives a reminder a plain PUBLISH copy: an organiser, no attendee, nothing inline', async () => {
    const mail = await renderMail(context({ kind: 'reminder', hoursBefore: 24 }));
    const text = attachment(mail, 'meeting.ics').content.toString('utf8');
    expect(ical.sync.parseICS(text).vcalendar?.method).toBe('PUBLISH');
    expect(text).toContain('ORGANIZER');
    expect(text).not.toContain('ATTENDEE');
    expect(mail.invitation).toBeUndefined();
  });

  it('writes one event per session, its local times read in the meeting time zone', () => {
    const byUid = new Map(eventsOf(meetingCalendars(schedule({ language: 'en' }))).map((e) => [e.uid, e]));
    expect(byUid.size).toBe(3);
    // 07:30 in Macao is 23:30 the day before in UTC.
    const breakfast = byUid.get('meetflow-m7Hq2-42-1@meetflow');
    expect(breakfast?.start.toISOString()).toBe('2026-03-04T23:30:00.000Z');
    expect(breakfast?.end?.toISOString()).toBe('2026-03-05T01:00:00.000Z');
    expect(breakfast?.summary).toContain('Breakfast');
    const keynote = byUid.get('meetflow-m7Hq2-42-2@meetflow');
    expect(keynote?.start.toISOString()).toBe('2026-03-05T06:00:00.000Z');
    expect(keynote?.end?.toISOString()).toBe('2026-03-05T09:30:00.000Z');
    // A session without times is an all-day event on its own date, whatever the zone.
    const workshop = byUid.get('meetflow-m7Hq2-42-3@meetflow');
    expect(workshop?.datetype).toBe('date');
    expect(meetingCalendars(schedule()).map((o) => o.content)).toContainEqual(
      expect.stringMatching(/DTSTART;VALUE=DATE:20260306\r\nDTEND;VALUE=DATE:20260307/),
    );

    const london = eventsOf(meetingCalendars(schedule({ timeZone: 'Europe/London' })));
    expect(london.find((e) => e.uid.endsWith('-1@meetflow'))?.start.toISOString()).toBe(
      '2026-03-05T07:30:00.000Z',
    );
  });

  it('keeps each UID across renders and writes the given SEQUENCE', async () => {
    const first = await renderMail(schedule({ sequence: 0 }));
    const second = await renderMail(schedule({ sequence: 4, kind: 'enrolment_update' }));
    // One file per session, in date order, each a REQUEST of its own; three events: nothing inline.
    expect(first.attachments.map((a) => a.filename)).toEqual([
      'qr-code.png',
      'meeting-1.ics',
      'meeting-2.ics',
      'meeting-3.ics',
    ]);
    expect(first.invitation).toBeUndefined();
    const before = fileEvents(first, 'meeting');
    const after = fileEvents(second, 'meeting');
    expect(before.map((e) => e.uid)).toEqual([
      'meetflow-m7Hq2-42-1@meetflow',
      'meetflow-m7Hq2-42-2@meetflow',
      'meetflow-m7Hq2-42-3@meetflow',
    ]);
    expect(after.map((e) => e.uid).sort()).toEqual(before.map((e) => e.uid).sort());
    expect(before.every((e) => e.sequence === 0)).toBe(true);
    expect(after.every((e) => e.sequence === 4)).toBe(true);
  });

  it('cancels the cancelled sessions in a METHOD:CANCEL calendar with their UIDs', async () => {
    const mail = await renderMail(
      schedule({
        kind: 'enrolment_update',
        sessions: [KEYNOTE],
        cancelledSessions: [BREAKFAST],
        sequence: 2,
      }),
    );
    const cancel = attachment(mail, 'cancelled.ics');
    expect(cancel.contentType).toContain('method=CANCEL');
    const text = cancel.content.toString('utf8');
    expect(text).toContain('METHOD:CANCEL');
    expect(ical.sync.parseICS(text).vcalendar?.method).toBe('CANCEL');
    const [event, ...rest] = vevents(text);
    expect(rest).toHaveLength(0);
    expect(event?.uid).toBe('meetflow-m7Hq2-42-1@meetflow');
    expect(event?.status).toBe('CANCELLED');
    expect(event?.sequence).toBe(2);
    expect(vevents(attachment(mail, 'meeting.ics').content.toString('utf8')).map((e) => e.uid)).toEqual([
      'meetflow-m7Hq2-42-2@meetflow',
    ]);
    expect(mail.invitation).toEqual({ method: 'CANCEL', content: text });
    expect(mail.html).toContain('已取消的場次');
    expect(cancelledCalendars(schedule())).toEqual([]);
    // Two cancelled at once: one CANCEL file each, and nothing inline (one object, one UID).
    const both = await renderMail(
      schedule({ kind: 'enrolment_update', sessions: [], cancelledSessions: [KEYNOTE, BREAKFAST] }),
    );
    expect(fileEvents(both, 'cancelled').map((e) => e.uid)).toEqual([
      'meetflow-m7Hq2-42-1@meetflow',
      'meetflow-m7Hq2-42-2@meetflow',
    ]);
    expect(both.invitation).toBeUndefined();
    expect((await renderMail(schedule())).attachments.map((a) => a.filename)).not.toContain('cancelled.ics');
  });

  it('writes subject, body, dates and names in the guest language', async () => {
    const zhTw = await renderMail(schedule({ language: 'zh-tw' }));
    expect(zhTw.subject).toBe('報名成功：澳門醫學教育研討會');
    expect(zhTw.text).toContain('感謝您報名參加「澳門醫學教育研討會」');
    expect(zhTw.text).toContain('2026年3月05日 07:30–09:00 早餐會');
    expect(zhTw.text).toContain('地點：澳門大學演講廳');
    expect(zhTw.html).toContain('lang="zh-Hant"');

    const zhCn = await renderMail(schedule({ language: 'zh-cn' }));
    expect(zhCn.subject).toBe('报名成功：澳门医学教育研讨会');
    expect(zhCn.text).toContain('感谢您报名参加“澳门医学教育研讨会”');
    expect(zhCn.text).toContain('2026年3月05日 07:30–09:00 早餐会');
    expect(zhCn.text).toContain('地点：澳门大学演讲厅');
    expect(zhCn.html).toContain('澳门医学教育研讨会');

    const en = await renderMail(schedule({ language: 'en' }));
    expect(en.subject).toBe('Registration confirmed: Macao Medical Education Symposium');
    expect(en.text).toContain('Dear 陳大文,');
    expect(en.text).toContain('05/03/2026 07:30–09:00 Breakfast');
    expect(en.text).toContain('06/03/2026 All day');
    expect(en.text).toContain('Place: University of Macau Lecture Theatre');
    expect(en.html).toContain('Macao Medical Education Symposium');
    expect(en.html).not.toContain('澳門醫學教育研討會');
  });

  it('escapes names and organiser text in the HTML', async () => {
    const base = context();
    const mail = await renderMail(
      context({
        guest: { ...base.guest, display_name: '<script>alert(1)</script>' },
        meeting: { ...base.meeting, name: 'A & <b>B</b>' },
        template: { subject: 'x', body: '<img src=x onerror=alert(2)> {name}' },
      }),
    );
    expect(mail.html).not.toContain('<script>alert(1)');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<b>B</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('A &amp; &lt;b&gt;B&lt;/b&gt;');
  });

  it("fills the organiser's placeholders and keeps line breaks", async () => {
    const mail = await renderMail(
      context({
        language: 'en',
        template: {
          subject: '{meeting}\nfor {name}',
          body: 'Hi {name},\ncode {code} at {place}, {start}.\n{nope}',
        },
      }),
    );
    expect(mail.subject).toBe('Macao Medical Education Symposium for 陳大文');
    expect(mail.text).toContain(
      `Hi 陳大文,\ncode ${CODE} at University of Macau Lecture Theatre, 05/03/2026 09:00.\n{nope}`,
    );
    expect(mail.html).toContain(`Hi 陳大文,<br />code ${CODE}`);
    expect(fillPlaceholders('{a} {b} {a}', { a: '{b}' })).toBe('{b} {b} {b}');
  });

  it("fills {answer.<key>} with the guest's answer in words, escaped, and leaves unknown keys as typed", async () => {
    const mail = await renderMail(
      context({
        language: 'en',
        answers: { department: 'Surgery <B> & Co', diet: '' },
        template: {
          subject: '{meeting}: {answer.department}',
          body: 'Dept {answer.department}; diet [{answer.diet}]; {answer.nope}; {answer.Department}',
        },
      }),
    );
    expect(mail.subject).toBe('Macao Medical Education Symposium: Surgery <B> & Co');
    expect(mail.text).toContain('Dept Surgery <B> & Co; diet []; {answer.nope}; {answer.Department}');
    expect(mail.html).toContain('Dept Surgery &lt;B&gt; &amp; Co; diet []');
    expect(mail.html).not.toContain('<B>');
  });

  it('puts the code and the link in the text part', async () => {
    // A body that names neither, so that the text part must add them itself.
    const mail = await renderMail(context({ template: { subject: 's', body: 'Welcome.' } }));
    expect(mail.text).toContain(CODE);
    expect(mail.text).toContain(LINK);
    expect(mail.html).toContain(`href="${LINK}"`);
    const code = await renderMail(context({ kind: 'code' }));
    expect(code.attachments.map((a) => a.filename)).toEqual(['qr-code.png']);
  });

  it('sends broadcasts without the code but with an unsubscribe link', async () => {
    const unsubscribe = 'https://meetflow.example.mo/u/abc';
    const mail = await renderMail(context({ kind: 'broadcast', unsubscribeUrl: unsubscribe }));
    expect(mail.attachments).toEqual([]);
    expect(mail.html).not.toContain('cid:qr-code');
    expect(mail.text).not.toContain(CODE);
    expect(mail.html).toContain(`href="${unsubscribe}"`);
    expect(mail.text).toContain(unsubscribe);
  });

  it('writes a certificate mail without the entry code or calendar, in each language', async () => {
    const mail = await renderMail(context({ kind: 'certificate' }));
    // Its PDF is attached by the mail job, not by the renderer.
    expect(mail.attachments).toEqual([]);
    expect(mail.html).not.toContain('cid:qr-code');
    expect(mail.text).not.toContain(CODE);
    expect(mail.subject).toBe('您的出席證明：澳門醫學教育研討會');
    expect(mail.text).toContain('感謝您出席「澳門醫學教育研討會」');
    const zhCn = await renderMail(context({ kind: 'certificate', language: 'zh-cn' }));
    expect(zhCn.subject).toBe('您的出席证明：澳门医学教育研讨会');
    const en = await renderMail(context({ kind: 'certificate', language: 'en' }));
    expect(en.subject).toBe('Your certificate of attendance: Macao Medical Education Symposium');
    expect(en.text).toContain('verified at the link printed on it');
  });

  it("paints the header and button in the meeting's theme colour", async () => {
    const mail = await renderMail(context());
    expect(mail.html.match(/#7a1fa2/gi)?.length).toBeGreaterThanOrEqual(2);
    const base = context();
    const bad = await renderMail(context({ meeting: { ...base.meeting, theme_color: 'red"><x' } }));
    expect(bad.html).not.toContain('red"><x');
    expect(bad.html).toContain('#0958d9');
  });
});

describe("a meeting's mail compiled once for its guests", () => {
  /** What MJML makes of one guest's mail compiled on its own, as every mail was before. */
  async function compiledAlone(ctx: MailContext): Promise<string> {
    const { html } = await mjml(mailMjml(mailContent(ctx)), {
      validationLevel: 'strict',
      fonts: {},
      keepComments: false,
    });
    return html;
  }

  it('writes, for each guest, the HTML of their mail compiled alone', async () => {
    const base = context();
    const guests = [
      context(),
      // A second guest of the same meeting: the compiled mail comes from the cache.
      context({
        guest: {
          id: 43,
          guest_code: 'Yk3vQ9mZ2pL8rT5wY1nB7cD4fG6hJ0sB',
          display_name: 'A & <B>',
          email: 'b@example.org',
        },
      }),
      context({
        language: 'en',
        template: { subject: '{name} & {meeting}', body: 'See https://x.example/a?b=1&c=2.\n{code}' },
      }),
      schedule({
        kind: 'enrolment_update',
        cancelledSessions: [BREAKFAST],
        guestPageUrl: `${LINK}?a=1&b="2"`,
      }),
      context({
        kind: 'broadcast',
        unsubscribeUrl: 'https://meetflow.example.mo/u/a&b',
        template: { subject: 's', body: 'b' },
      }),
      context({
        kind: 'certificate',
        language: 'zh-cn',
        meeting: { ...base.meeting, theme_color: '#ffee00' },
      }),
    ];
    for (const ctx of guests) expect((await renderMail(ctx)).html).toBe(await compiledAlone(ctx));
  });

  it("compiles the meeting's mail again after the organiser edits the meeting or its texts", async () => {
    const base = context();
    const before = await renderMail(context({ template: { subject: 's', body: 'Old words' } }));
    expect(before.html).toContain('澳門醫學教育研討會');
    const edited = context({
      guest: { ...base.guest, id: 43 },
      meeting: { ...base.meeting, name: '新名稱研討會', location: '新場地', theme_color: '#123456' },
      template: { subject: 's', body: 'New words' },
    });
    const after = await renderMail(edited);
    expect(after.html).toBe(await compiledAlone(edited));
    expect(after.html).toContain('新名稱研討會');
    expect(after.html).toContain('新場地');
    expect(after.html).toContain('#123456');
    expect(after.html).toContain('New words');
    expect(after.html).not.toContain('澳門醫學教育研討會');
    expect(after.html).not.toContain('#7a1fa2');
    expect(after.html).not.toContain('Old words');
  });
});
