import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ERRORS } from '@meetflow/shared/errors';
import { FIELD_MESSAGES } from '@meetflow/shared/field-messages';
import { TEST_DB } from './helpers.ts';
import { readWorkbook, sheetValues, guestListFixture } from './guest-fixtures.ts';
import { createMeeting, dateScheduleBody, generalBody, macaoPhone } from './registration-fixtures.ts';
import { GUEST_FIELD_NAMES } from '@meetflow/shared/guest-field-names';

const LANGS = ['zh-tw', 'zh-cn', 'en'] as const;

describe(`guest list, guest admin and export: edit and export (${TEST_DB})`, () => {
  const w = guestListFixture();
  const { list } = w;

  describe('edit', () => {
    it.each(LANGS)('answers a field error per field in %s', async (lang) => {
      const { items } = await list(w.general.id, '?keyword=carol');
      const res = await w.admin(
        'PUT',
        `/api/guests/${items[0]!.id}`,
        generalBody(1, { name: '', email: 'not-an-email', phone: '12', contact_phone: undefined }),
        lang,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: ERRORS.VALIDATION_FAILED.code,
        message: ERRORS.VALIDATION_FAILED.message[lang],
      });
      expect(res.json().data.fields).toEqual({
        name: FIELD_MESSAGES.guestNameRequired[lang],
        email: FIELD_MESSAGES.emailInvalid[lang],
        phone: FIELD_MESSAGES.phoneInvalid[lang],
        contact_phone: FIELD_MESSAGES.contactPhoneRequired[lang],
      });
      // Digits that are no number of the area code: the server's libphonenumber check, same message.
      const region = await w.admin(
        'PUT',
        `/api/guests/${items[0]!.id}`,
        generalBody(1, { phone: '12345' }),
        lang,
      );
      expect(region.statusCode).toBe(400);
      expect(region.json().data.fields).toEqual({ phone: FIELD_MESSAGES.phoneInvalid[lang] });
    });

    it('saves the whole form and refuses another guest phone', async () => {
      const { items } = await list(w.general.id, '?keyword=carol');
      const carol = items[0]!;
      const saved = await w.admin(
        'PUT',
        `/api/guests/${carol.id}`,
        generalBody(1, { name: 'Caroline', phone: '6600 0001' }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toMatchObject({
        id: carol.id,
        name: 'Caroline',
        phone: `+853${macaoPhone(1)}`,
        guest_code: w.codes.Carol,
      });
      const taken = await w.admin(
        'PUT',
        `/api/guests/${carol.id}`,
        generalBody(1, { name: 'Caroline', phone: macaoPhone(2) }),
      );
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        code: ERRORS.GUEST_PHONE_TAKEN.code,
        data: { fields: { phone: FIELD_MESSAGES.phoneTaken.en } },
      });
      const wrongForm = await w.admin('PUT', `/api/guests/${carol.id}`, dateScheduleBody(1, 1, [1]));
      expect(wrongForm.statusCode).toBe(400);
      expect(Object.keys(wrongForm.json().data.fields)).toEqual(['meeting_type']);
      const logs = await w.ctx.db
        .selectFrom('system_logs')
        .select('content')
        .where('action_type', '=', 'update')
        .execute();
      expect(logs.some((l) => l.content.includes(`guest #${carol.id}`))).toBe(true);
    });
  });

  describe('export', () => {
    it('streams the filtered list as XLSX with headers in the request language', async () => {
      const res = await w.admin(
        'GET',
        `/api/meetings/${w.general.id}/guests/export?sort_by=name&sort_order=asc`,
        undefined,
        'en',
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="[^"]+\.xlsx"; filename\*=UTF-8''/,
      );
      expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1]!)).toMatch(
        /^Test meeting-Guests-\d{8}-\d{4}\.xlsx$/,
      );
      const workbook = await readWorkbook(res.rawPayload);
      const sheet = workbook.worksheets[0]!;
      const rows = sheetValues(sheet);
      expect(rows[0]!.slice(0, 4)).toEqual(['Guest code', 'Name', 'Gender', 'Local guest']);
      expect(rows[0]).toContain('Attendance');
      expect(rows).toHaveLength(6);
      const alice = rows.find((r) => r[1] === 'Alice')!;
      expect(alice).toContain('Checked in');
      expect(alice[0]).toBe(w.codes.Alice);
      // Phones are text in the one international format of the back office, in every phone column.
      expect(alice).toContain('+853 6600 0002');
      expect(alice).toContain('+853 2800 0000');
      expect(alice).toContain('+853 6699 9999');
    });

    it('stores a cell that starts like a formula as inert text', async () => {
      const res = await w.admin(
        'GET',
        `/api/meetings/${w.general.id}/guests/export?keyword=hyperlink`,
        undefined,
        'en',
      );
      const sheet = (await readWorkbook(res.rawPayload)).worksheets[0]!;
      expect(sheet.rowCount).toBe(2);
      const cell = sheet.getRow(2).getCell(2);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      expect(cell.value).toBe(`'=HYPERLINK("x")`);
    });

    it.each([
      ['zh-tw', '嘉賓碼', '年會-嘉賓名單-'],
      ['zh-cn', '嘉宾码', '测试会议-嘉宾名单-'],
    ] as const)('writes %s headers and file name', async (lang, header, fileName) => {
      const res = await w.admin(
        'GET',
        `/api/meetings/${w.general.id}/guests/export?status=left`,
        undefined,
        lang,
      );
      const rows = sheetValues((await readWorkbook(res.rawPayload)).worksheets[0]!);
      expect(rows[0]![0]).toBe(header);
      // Each guest field has one name: the export's phone column is headed as the template's.
      expect(rows[0]).toContain(GUEST_FIELD_NAMES.phone[lang]);
      expect(rows).toHaveLength(2);
      expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1]!)).toContain(
        fileName,
      );
    });

    it('writes a system-log entry per export', async () => {
      const before = await w.ctx.db
        .selectFrom('system_logs')
        .select('id')
        .where('action_type', '=', 'export')
        .execute();
      await w.admin('GET', `/api/meetings/${w.general.id}/guests/export`);
      const after = await w.ctx.db
        .selectFrom('system_logs')
        .select(['content', 'username'])
        .where('action_type', '=', 'export')
        .orderBy('id', 'desc')
        .execute();
      expect(after.length).toBe(before.length + 1);
      expect(after[0]).toMatchObject({ username: 'admin' });
      expect(after[0]!.content).toContain(`Exported 5 guests of meeting #${w.general.id}`);
    });

    it('lists the guests in the order of the list, across keyset batches and ties', async () => {
      const big = await createMeeting(w.ctx.db, w.orgA, { name: 'Order' });
      // 230 guests (more than two export batches) with few distinct names, sign-up times and entries,
      // so that batches end inside runs of equal values; every third guest never arrived.
      const rows = await w.ctx.db
        .insertInto('guests')
        .values(
          Array.from({ length: 230 }, (_, i) => ({
            meeting_id: big.id,
            guest_code: `order-${String(i).padStart(3, '0')}`,
            token_hash: `order-${i}`,
            area_code: '853',
            phone: `+853${macaoPhone(1000 + i)}`,
            email: `order${i}@example.com`,
            name: `Guest ${i % 7}`,
            created_at: 1_000 * (i % 5),
          })),
        )
        .returning('id')
        .execute();
      await w.ctx.db
        .insertInto('guest_attendance')
        .values(
          rows
            .filter((_, i) => i % 3 !== 0)
            .map(({ id }, i) => ({
              guest_id: id,
              scope_id: 0,
              meeting_id: big.id,
              inside: 1,
              first_in_at: 5_000 + (i % 4),
              last_in_at: 5_000 + (i % 4),
              last_out_at: null,
            })),
        )
        .execute();
      for (const order of [
        '',
        '?sort_by=created_at&sort_order=asc',
        '?sort_by=name&sort_order=asc',
        '?sort_by=name&sort_order=desc',
        '?sort_by=last_in_at&sort_order=desc',
        '?sort_by=last_in_at&sort_order=asc',
      ]) {
        const listed: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const join = order ? '&' : '?';
          const { items } = await list(big.id, `${order}${join}page_size=100&page=${page}`);
          listed.push(...items.map((g) => g.guest_code));
        }
        const res = await w.admin('GET', `/api/meetings/${big.id}/guests/export${order}`, undefined, 'en');
        const exported = sheetValues((await readWorkbook(res.rawPayload)).worksheets[0]!)
          .slice(1)
          .map((row) => row[0]);
        expect(listed, order).toHaveLength(230);
        expect(exported, order).toEqual(listed);
      }
    });
  });
});
