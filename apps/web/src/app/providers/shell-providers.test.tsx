import { act, cleanup, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@meetflow/shared/field-messages';
import { LANGUAGES } from '@meetflow/shared/languages';
import { initI18n, setLanguage } from '../../lib/i18n.ts';
import { ShellProviders } from './shell-providers.tsx';

describe('form messages of the back office', () => {
  // Unmount while jsdom is still there: Ant Design schedules work that must not outlive the file.
  afterEach(cleanup);
  beforeAll(() => {
    // jsdom has no media queries; Ant Design asks for them (responsive observers).
    window.matchMedia ??= (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  });

  it.each(LANGUAGES)(
    'an e-mail rule speaks the catalogue in %s, never "…不是一個有效的email"',
    async (lang) => {
      await initI18n();
      await setLanguage(lang);
      let form: FormInstance | undefined;
      function ProfileForm() {
        [form] = Form.useForm();
        return (
          <Form form={form}>
            <Form.Item name="email" label="電郵" rules={[{ type: 'email' }]}>
              <Input />
            </Form.Item>
          </Form>
        );
      }
      render(
        <ShellProviders>
          <ProfileForm />
        </ShellProviders>,
      );
      form!.setFieldsValue({ email: 'not-an-email' });
      await act(async () => {
        await form!.validateFields().catch(() => undefined);
      });
      expect(form!.getFieldError('email')).toEqual([FIELD_MESSAGES.emailInvalid[lang]]);
      expect(await screen.findByText(FIELD_MESSAGES.emailInvalid[lang])).toBeTruthy();
    },
  );
});
