import { useEffect } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { ERRORS } from '@meetflow/shared/errors';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import { LANGUAGE_NAMES } from '../../components/lang-switch.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { ApiError } from '../../lib/http.ts';
import { setLanguage, useTranslation } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { fieldErrors } from '../../lib/field-errors.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { useUpdateProfile } from './profile-api.ts';
import './i18n.ts';

interface ProfileForm {
  name: string;
  email: string;
  language: Language | '';
}

/** /personal/setting: display name, email and the language applied at each login. */
export default function PersonalSettingPage() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<ProfileForm>();
  const user = useSessionStore((s) => s.user);
  const update = useUpdateProfile();

  useEffect(() => {
    if (user)
      form.setFieldsValue({ name: user.name, email: user.email ?? '', language: user.language ?? '' });
  }, [form, user]);

  const onFinish = async (values: ProfileForm) => {
    try {
      const saved = await update.mutateAsync({
        name: values.name.trim(),
        email: values.email.trim() || null,
        language: values.language || null,
      });
      if (saved.language) await setLanguage(saved.language);
      // Read after the switch, so the confirmation speaks the language just chosen.
      toast.success(i18n.t('personalArea.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.VALIDATION_FAILED.code) {
        form.setFields(fieldErrors(error.data, ['name', 'email', 'language'] as const));
      }
    }
  };

  return (
    <PageCard style={{ maxWidth: 560 }}>
      <PageTitle>{t('route.setting')}</PageTitle>
      <Form<ProfileForm> form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label={t('personalArea.account')} htmlFor="profile-account">
          <Input id="profile-account" value={user?.account ?? ''} disabled data-testid="profile-account" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('personalArea.name')}
          rules={[{ required: true, whitespace: true, message: t('personalArea.name') }]}
        >
          <Input maxLength={128} autoComplete="name" data-testid="profile-name" />
        </Form.Item>
        <Form.Item name="email" label={t('personalArea.email')} rules={[{ type: 'email' }]}>
          <Input maxLength={254} autoComplete="email" data-testid="profile-email" />
        </Form.Item>
        <Form.Item name="language" label={t('personalArea.language')} extra={t('personalArea.languageHelp')}>
          <Select
            data-testid="profile-language"
            options={[
              { value: '', label: t('personalArea.languageAuto') },
              ...LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] })),
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-submit">
          {t('personalArea.save')}
        </Button>
      </Form>
    </PageCard>
  );
}
