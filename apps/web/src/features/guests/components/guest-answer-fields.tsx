import { Checkbox, DatePicker, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { answerErrorText } from '@meetflow/shared/forms/answer-text';
import { backOfficeFields } from '@meetflow/shared/forms/back-office-form';
import { localText, type FormField } from '@meetflow/shared/forms/form-definition';
import {
  validateAnswers,
  visibleKeys,
  type FileAnswer,
  type PhoneAnswer,
} from '@meetflow/shared/forms/form-engine';
import { AREA_CODE_VALUES } from '@meetflow/shared/schemas/public';
import { dayjs } from '../../../lib/dayjs.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';

type Values = Record<string, unknown>;

/** A phone answer: area code and number on one line, as the guest's own phone. */
function PhoneAnswerInput(props: {
  id?: string;
  value?: PhoneAnswer;
  onChange?: (value: PhoneAnswer) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const value = props.value ?? { area_code: '853', phone: '' };
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Select
        style={{ width: 110 }}
        value={value.area_code}
        options={AREA_CODE_VALUES.map((v) => ({ value: v, label: `+${v}` }))}
        onChange={(area_code: string) => props.onChange?.({ ...value, area_code })}
        aria-label={`${props.label} · ${t('guests.fields.areaCode')}`}
      />
      <Input
        id={props.id}
        inputMode="tel"
        value={value.phone}
        onChange={(event) => props.onChange?.({ ...value, phone: event.target.value })}
      />
    </div>
  );
}

/** A file answer: the back office shows the guest's file by name and keeps it. */
function FileAnswerView({ value }: { value?: FileAnswer | null }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type={value ? undefined : 'secondary'}>
      {value?.name ?? t('guests.answers.noFile')}
    </Typography.Text>
  );
}

/** The input of one field that takes an answer (antd, by type). */
function answerInput(field: FormField, label: string, lang: ReturnType<typeof currentLanguage>) {
  const testId = `guest-answer-${field.key}`;
  const options = field.options.map((o) => ({ value: o.value, label: localText(o.label, lang) }));
  switch (field.type) {
    case 'long_text':
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid={testId} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} data-testid={testId} />;
    case 'choice':
      return <Select allowClear options={options} data-testid={testId} />;
    case 'multi_choice':
      return <Checkbox.Group options={options} data-testid={testId} />;
    case 'yes_no':
      return <YesNo testId={testId} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} data-testid={testId} />;
    case 'phone':
      return <PhoneAnswerInput label={label} />;
    case 'file':
      return <FileAnswerView />;
    default:
      return <Input inputMode={field.type === 'email' ? 'email' : undefined} data-testid={testId} />;
  }
}

function YesNo({ testId, ...props }: { testId: string; value?: boolean; onChange?: (v: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      {...props}
      onChange={(event) => props.onChange?.(event.target.value as boolean)}
      options={[
        { value: true, label: t('guests.yes') },
        { value: false, label: t('guests.no') },
      ]}
      data-testid={testId}
    />
  );
}

/**
 * The meeting's own fields in the add and edit form, shown as the sign-up shows them (for the
 * registration type chosen, conditions followed) and checked by the same engine, with the back
 * office's one difference: a field asked at the door may stay empty. Retired fields are not shown;
 * the server keeps their answers.
 */
export function GuestAnswerFields(props: {
  fields: readonly FormField[];
  form: FormInstance<Values>;
  userTypeId: number | null;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const answers = (Form.useWatch('answers', props.form) as Values | undefined) ?? {};
  const fields = backOfficeFields(props.fields);
  const context = { userTypeId: props.userTypeId };
  const shown = visibleKeys(fields, answers, context);
  const original = new Map(props.fields.map((f) => [f.key, f]));

  const check = (field: FormField) => ({
    validator: async () => {
      const current = (props.form.getFieldValue('answers') as Values | undefined) ?? {};
      const error = validateAnswers(fields, current, context).errors[field.key];
      if (error) throw new Error(answerErrorText(field, error, lang));
    },
  });

  return (
    <div data-testid="guest-answer-fields">
      {fields
        .filter((field) => shown.has(field.key))
        .map((field) => {
          const label = localText(field.label, lang);
          if (field.type === 'heading')
            return (
              <Typography.Title key={field.key} level={5} style={{ marginTop: 8 }}>
                {label}
              </Typography.Title>
            );
          if (field.type === 'note')
            return (
              <Typography.Paragraph key={field.key} type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
                {label}
              </Typography.Paragraph>
            );
          const help = localText(field.help, lang);
          const atDoor = original.get(field.key)?.ask_at_door ? t('guests.answers.atDoor') : '';
          const extra = [help, atDoor].filter(Boolean).join(' · ') || undefined;
          const date = field.type === 'date';
          return (
            <Form.Item
              key={field.key}
              name={['answers', field.key]}
              label={field.type === 'consent' ? undefined : label}
              required={field.required}
              extra={extra}
              rules={[check(field)]}
              valuePropName={field.type === 'consent' ? 'checked' : 'value'}
              {...(date
                ? {
                    getValueProps: (value: unknown) => ({ value: value ? dayjs(String(value)) : undefined }),
                    normalize: (value: { format: (f: string) => string } | null) =>
                      value ? value.format('YYYY-MM-DD') : '',
                  }
                : {})}
            >
              {field.type === 'consent' ? (
                <Checkbox data-testid={`guest-answer-${field.key}`}>{label}</Checkbox>
              ) : (
                answerInput(field, label, lang)
              )}
            </Form.Item>
          );
        })}
    </div>
  );
}
