import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginBody } from './schemas/auth.ts';
import { FIELD_MESSAGES } from './field-messages.ts';
import { LANGUAGES } from './languages.ts';
import { formValidateMessages } from './form-messages.ts';
import { localizeIssues } from './validation.ts';

describe('localizeIssues', () => {
  it('uses the schema message keys in each language', () => {
    const result = loginBody.safeParse({ account: '', password: '' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(localizeIssues(result.error.issues, 'en')).toEqual({
      account: 'Please enter the account',
      password: 'Please enter the password',
    });
    expect(localizeIssues(result.error.issues, 'zh-tw').account).toBe('請輸入帳號');
    expect(localizeIssues(result.error.issues, 'zh-cn').password).toBe('请输入密码');
  });

  it('reports unknown fields on the field itself, and bounds with their numbers', () => {
    const schema = z.strictObject({ name: z.string().max(3), n: z.number().min(5) });
    const result = schema.safeParse({ name: 'abcdef', n: 1, role: 'admin' });
    if (result.success) throw new Error('expected failure');
    expect(localizeIssues(result.error.issues, 'en')).toEqual({
      name: 'At most 3 characters',
      n: 'Must be at least 5',
      role: 'Unknown field',
    });
  });

  it('treats a missing field as required', () => {
    const result = z.object({ a: z.string() }).safeParse({});
    if (result.success) throw new Error('expected failure');
    expect(localizeIssues(result.error.issues, 'zh-tw')).toEqual({ a: '此欄位必填' });
  });
});

describe('formValidateMessages', () => {
  it.each(LANGUAGES)('gives the forms catalogue messages in %s, the e-mail one included', (lang) => {
    const messages = formValidateMessages(lang);
    expect(messages.types.email).toBe(FIELD_MESSAGES.emailInvalid[lang]);
    expect(messages.required).toBe(FIELD_MESSAGES.required[lang]);
    // No sentence assembled from a rule type: no '${type}' placeholder left for the form library.
    expect(JSON.stringify(messages)).not.toMatch(/\$\{/);
  });
});
