import { describe, expect, it } from 'vitest';
import { ERRORS } from '@meetflow/shared/errors';
import { dictionaryFixture, LANGS } from './dictionary-fixtures.ts';
import { TEST_DB } from './helpers.ts';

describe(`data dictionary: college categories and entries (${TEST_DB})`, () => {
  const f = dictionaryFixture();
  const { call, logCount, fieldsIn } = f;

  describe('college categories', () => {
    it('creates, lists, updates and deletes, with names required in three languages', async () => {
      const before = await logCount();
      const created = await call(f.admin, 'POST', '/api/college-categories', {
        name: '內科',
        name_cn: '内科',
        name_en: 'Internal medicine',
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data.id;
      expect((await call(f.admin, 'GET', '/api/college-categories')).json().data).toContainEqual(
        expect.objectContaining({ id, name_en: 'Internal medicine' }),
      );
      const updated = await call(f.admin, 'PUT', `/api/college-categories/${id}`, {
        name: '外科',
        name_cn: '外科',
        name_en: 'Surgery',
        sort: 2,
      });
      expect(updated.json().data).toMatchObject({ id, name_en: 'Surgery', sort: 2 });
      expect((await call(f.admin, 'DELETE', `/api/college-categories/${id}`)).statusCode).toBe(200);
      expect((await call(f.admin, 'DELETE', `/api/college-categories/${id}`)).statusCode).toBe(404);
      expect(await logCount()).toBe(before + 3);

      const missing = await fieldsIn('POST', '/api/college-categories', { name: '內科' });
      expect(missing.en).toEqual({
        name_cn: 'Please enter the college category name',
        name_en: 'Please enter the college category name',
      });
      expect(missing['zh-tw']!.name_cn).toBe('請輸入學院類別名稱');
      expect(missing['zh-cn']!.name_en).toBe('请输入学院类别名称');
    });
  });

  describe('dictionary entries', () => {
    it('creates, filters by type, updates and deletes; (type, value) is unique', async () => {
      const before = await logCount();
      const a = await call(f.admin, 'POST', '/api/dictionary-entries', {
        type: 'title',
        label: 'Dr',
        value: 'dr',
      });
      expect(a.statusCode, a.body).toBe(200);
      const b = await call(f.admin, 'POST', '/api/dictionary-entries', {
        type: 'title',
        label: 'Prof',
        value: 'prof',
      });
      await call(f.admin, 'POST', '/api/dictionary-entries', { type: 'gender', label: 'Female', value: 'f' });
      const titles = await call(f.admin, 'GET', '/api/dictionary-entries?type=title');
      expect(titles.json().data.map((e: { value: string }) => e.value)).toEqual(['dr', 'prof']);
      expect((await call(f.admin, 'GET', '/api/dictionary-entries')).json().data).toHaveLength(3);

      for (const lang of LANGS) {
        const dup = await call(
          f.admin,
          'POST',
          '/api/dictionary-entries',
          { type: 'title', label: 'Doctor', value: 'dr' },
          lang,
        );
        expect(dup.statusCode).toBe(409);
        expect(dup.json().code).toBe(ERRORS.DICTIONARY_VALUE_TAKEN.code);
        expect(dup.json().message).toBe(ERRORS.DICTIONARY_VALUE_TAKEN.message[lang]);
      }
      // The same value under another type is fine; renaming onto a taken value is not.
      expect(
        (await call(f.admin, 'POST', '/api/dictionary-entries', { type: 'gender', label: 'Dr', value: 'dr' }))
          .statusCode,
      ).toBe(200);
      const clash = await call(f.admin, 'PUT', `/api/dictionary-entries/${b.json().data.id}`, {
        type: 'title',
        label: 'Prof',
        value: 'dr',
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().data.fields).toEqual({ value: 'This value already exists for this type' });
      const same = await call(f.admin, 'PUT', `/api/dictionary-entries/${a.json().data.id}`, {
        type: 'title',
        label: 'Doctor',
        value: 'dr',
      });
      expect(same.statusCode, same.body).toBe(200);
      expect((await call(f.admin, 'DELETE', `/api/dictionary-entries/${a.json().data.id}`)).statusCode).toBe(
        200,
      );
      expect(await logCount()).toBe(before + 6);
    });

    it('requires type, label and value ("dictionary value required") and checks the type pattern', async () => {
      const missing = await fieldsIn('POST', '/api/dictionary-entries', {});
      expect(missing.en).toEqual({
        type: 'Please enter the dictionary type',
        label: 'Please enter the dictionary label',
        value: 'Dictionary value required',
      });
      expect(missing['zh-tw']).toMatchObject({ value: '請輸入字典值' });
      expect(missing['zh-cn']).toMatchObject({ value: '请输入字典值' });
      const badType = await fieldsIn('POST', '/api/dictionary-entries', {
        type: 'Bad-Type',
        label: 'x',
        value: ' ',
      });
      expect(badType.en).toEqual({
        type: 'Use lower-case letters, digits and underscores, at most 64',
        value: 'Dictionary value required',
      });
      const query = await call(f.admin, 'GET', '/api/dictionary-entries?type=DROP%20TABLE');
      expect(query.statusCode).toBe(400);
    });
  });
});
