import { Checkbox, Form, Select, Typography } from 'antd';
import { conditionValues, localText, type FormField } from '@meetflow/shared/forms/form-definition';
import { nameIn } from '@meetflow/shared/languages';
import { usePermission } from '../../../components/permission.tsx';
import { useUserTypes } from '../../../lib/dictionary-queries.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { conditionSources, fieldName } from '../form-builder-logic.ts';
import type { FormBuilderState } from '../use-form-builder.ts';
import type { FormBuilderMeeting } from '../form-builder-types.ts';
import { errorProps } from '../../../components/localized-inputs.tsx';
import '../form-builder-i18n.ts';

/** The select's value for "always shown" (no condition). */
const ALWAYS = '';

/**
 * Who sees a field: the registration types it is asked of (date-schedule meetings), and the earlier
 * answer it depends on (a choice, multiple choice or yes/no field, and the values that show it).
 */
export function FieldConditions(props: {
  builder: FormBuilderState;
  field: FormField;
  index: number;
  meeting: FormBuilderMeeting;
}) {
  const { builder, field, index, meeting } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  const errors = builder.errors.byField[field.key];
  const prefix = `form-field-${field.key}`;
  const untitled = t('formBuilder.untitled');
  const sources = conditionSources(builder.draft, index);
  // The source named now stays listed even when it no longer qualifies (retired, moved): the
  // organiser sees what is set, and the message on it.
  const current = field.show_if ? builder.draft.find((f) => f.key === field.show_if!.key) : undefined;
  const listed = current && !sources.includes(current) ? [...sources, current] : sources;
  const numberOf = (f: FormField) => builder.draft.indexOf(f) + 1;
  const valueLabel = (value: string) => {
    if (current?.type === 'yes_no') return t(value === 'yes' ? 'formBuilder.yes' : 'formBuilder.no');
    const option = current?.options.find((o) => o.value === value);
    return option ? localText(option.label, lang).trim() || untitled : value;
  };
  const set = (place: string, change: Partial<FormField>) =>
    builder.update(field.key, place, (f) => ({ ...f, ...change }));

  return (
    <fieldset className="mf-form-fieldset" data-testid={`${prefix}-conditions`}>
      <legend>{t('formBuilder.condition')}</legend>
      {(meeting.meeting_type === 'date_schedule' || field.user_type_ids.length > 0) && (
        <UserTypes meetingId={meeting.id} field={field} errors={errors} onChange={set} />
      )}
      {listed.length === 0 ? (
        <Typography.Paragraph type="secondary" data-testid={`${prefix}-no-sources`}>
          {t('formBuilder.conditionNone')}
        </Typography.Paragraph>
      ) : (
        <Form.Item
          label={t('formBuilder.conditionSource')}
          htmlFor={`${prefix}-source`}
          {...errorProps(errors, 'show_if.key')}
        >
          <Select<string>
            id={`${prefix}-source`}
            value={field.show_if?.key ?? ALWAYS}
            onChange={(key) => set('show_if', { show_if: key === ALWAYS ? null : { key, values: [] } })}
            options={[
              { value: ALWAYS, label: t('formBuilder.conditionAlways') },
              ...listed.map((f) => ({
                value: f.key,
                label: `${numberOf(f)}. ${fieldName(f, lang, untitled)}`,
              })),
            ]}
            className="mf-form-source"
            data-testid={`${prefix}-source`}
          />
        </Form.Item>
      )}
      {field.show_if && current && (
        <Form.Item label={t('formBuilder.conditionValues')} {...errorProps(errors, 'show_if.values')}>
          <Checkbox.Group
            value={field.show_if.values}
            onChange={(values) =>
              set('show_if.values', { show_if: { key: current.key, values: values.map(String) } })
            }
            options={conditionValues(current).map((value) => ({ value, label: valueLabel(value) }))}
            data-testid={`${prefix}-values`}
          />
        </Form.Item>
      )}
    </fieldset>
  );
}

/** The registration types the field is asked of; empty: every guest. */
function UserTypes(props: {
  meetingId: number;
  field: FormField;
  errors: Record<string, string> | undefined;
  onChange: (place: string, change: Partial<FormField>) => void;
}) {
  const { field } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  // The meeting's types are dictionary data: without the right to read it, what is set is said, not listed.
  const canRead = usePermission().hasAny('dictionary:view');
  const types = useUserTypes(canRead ? props.meetingId : undefined);
  const id = `form-field-${field.key}-user-types`;
  if (!canRead) {
    return (
      <Typography.Paragraph type="secondary">
        {t('formBuilder.userTypesNoAccess', { count: field.user_type_ids.length })}
      </Typography.Paragraph>
    );
  }
  return (
    <Form.Item
      label={t('formBuilder.userTypes')}
      htmlFor={id}
      extra={t('formBuilder.userTypesNote')}
      {...errorProps(props.errors, 'user_type_ids')}
    >
      <Select<number[]>
        id={id}
        mode="multiple"
        allowClear
        loading={types.isLoading}
        value={field.user_type_ids}
        placeholder={t('formBuilder.userTypesAll')}
        onChange={(ids) => props.onChange('user_type_ids', { user_type_ids: ids })}
        options={(types.data ?? []).map((u) => ({
          value: u.id,
          label: nameIn(lang, u.name, u.name_cn, u.name_en),
        }))}
        optionFilterProp="label"
        data-testid={id}
      />
    </Form.Item>
  );
}
