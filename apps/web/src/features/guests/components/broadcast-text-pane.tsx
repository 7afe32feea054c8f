import { Form, Input } from 'antd';
import { fieldMessage } from '@meetflow/shared/field-messages';
import type { Language } from '@meetflow/shared/languages';
import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX } from '@meetflow/shared/schemas/mail';
import { LANGUAGE_NAMES } from '../../../components/lang-switch.tsx';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { textPath, type BroadcastCompose, type Part, type TextPath } from '../use-broadcast-compose.ts';

const LIMITS = { subject: MAIL_SUBJECT_MAX, body: MAIL_BODY_MAX } as const;

/** The subject and body of the broadcast in one language. */
export function BroadcastTextPane({ language, compose }: { language: Language; compose: BroadcastCompose }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { remember, setNoText } = compose;

  /** A part is needed once the other part of its language is written; both keep to their limits. */
  const partRule =
    (part: Part) =>
    ({ getFieldValue }: { getFieldValue: (name: TextPath) => unknown }) => ({
      validator: (_: unknown, value: unknown) => {
        const own = String(value ?? '').trim();
        const other = String(
          getFieldValue(textPath(language, part === 'subject' ? 'body' : 'subject')) ?? '',
        );
        if (!own && other.trim()) return Promise.reject(new Error(t('broadcast.required')));
        if (own.length > LIMITS[part]) {
          return Promise.reject(new Error(fieldMessage('tooLong', lang, LIMITS[part])));
        }
        return Promise.resolve();
      },
    });

  const label = (part: Part) =>
    `${LANGUAGE_NAMES[language]} · ${t(part === 'subject' ? 'broadcast.subject' : 'broadcast.body')}`;
  return (
    <>
      <Form.Item
        name={textPath(language, 'subject')}
        label={t('broadcast.subject')}
        dependencies={[textPath(language, 'body')]}
        rules={[partRule('subject')]}
      >
        <Input
          count={{ show: true, max: MAIL_SUBJECT_MAX }}
          aria-label={label('subject')}
          onFocus={remember(textPath(language, 'subject'))}
          onChange={() => setNoText(false)}
          data-testid={`broadcast-subject-${language}`}
        />
      </Form.Item>
      <Form.Item
        name={textPath(language, 'body')}
        label={t('broadcast.body')}
        dependencies={[textPath(language, 'subject')]}
        rules={[partRule('body')]}
      >
        <Input.TextArea
          autoSize={{ minRows: 6, maxRows: 14 }}
          count={{ show: true, max: MAIL_BODY_MAX }}
          aria-label={label('body')}
          onFocus={remember(textPath(language, 'body'))}
          onChange={() => setNoText(false)}
          data-testid={`broadcast-body-${language}`}
        />
      </Form.Item>
    </>
  );
}
