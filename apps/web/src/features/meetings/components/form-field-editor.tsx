import { Checkbox, Form, InputNumber, Select, Space, Typography } from 'antd';
import {
  FORM_FIELD_TYPES,
  isAnswerField,
  type FormField,
  type FormFieldType,
} from '@meetflow/shared/forms/form-definition';
import type { Language } from '@meetflow/shared/languages';
import { useTranslation } from '../../../lib/i18n.ts';
import { errorsUnder, lengthCeiling, limitKind } from '../form-builder-logic.ts';
import { errorProps, LocalizedInputs } from '../../../components/localized-inputs.tsx';
import type { FormBuilderState } from '../use-form-builder.ts';
import type { FormBuilderMeeting } from '../form-builder-types.ts';
import { FieldConditions } from './form-field-conditions.tsx';
import { FieldOptions } from './form-field-options.tsx';
import '../form-builder-i18n.ts';

/** Places the editor shows a message beside; any other (the field as a whole, its key) goes on top. */
const SHOWN_PLACES = [
  'type',
  'label',
  'help',
  'options',
  'required',
  'min',
  'max',
  'user_type_ids',
  'show_if',
];

function unplaced(errors: Record<string, string> | undefined): string[] {
  return Object.entries(errors ?? {})
    .filter(([place]) => !SHOWN_PLACES.includes(place.split('.')[0]!))
    .map(([, message]) => message);
}

/** The editor of one own field, opened from its row. */
export function FieldEditor(props: {
  builder: FormBuilderState;
  field: FormField;
  index: number;
  answered: boolean;
  meeting: FormBuilderMeeting;
  canEdit: boolean;
  autoFocus: boolean;
}) {
  const { builder, field, answered, canEdit } = props;
  const { t } = useTranslation();
  const errors = builder.errors.byField[field.key];
  const key = field.key;
  const prefix = `form-field-${key}`;
  const set = (place: string, change: Partial<FormField>) =>
    builder.update(key, place, (f) => ({ ...f, ...change }));
  const setText = (what: 'label' | 'help') => (lang: Language, value: string) =>
    builder.update(key, `${what}.${lang}`, (f) => ({ ...f, [what]: { ...f[what], [lang]: value } }));
  const isNote = field.type === 'note';
  const answer = isAnswerField(field);

  return (
    <Form layout="vertical" component="div" disabled={!canEdit} className="mf-form-editor">
      {unplaced(errors).map((message) => (
        <Typography.Paragraph key={message} type="danger" role="alert">
          {t('formBuilder.fieldErrors', { message })}
        </Typography.Paragraph>
      ))}
      <Form.Item
        label={t('formBuilder.type')}
        htmlFor={`${prefix}-type`}
        extra={answered ? t('formBuilder.answeredNote') : undefined}
        {...errorProps(errors, 'type')}
      >
        <Select<FormFieldType>
          id={`${prefix}-type`}
          value={field.type}
          disabled={answered || !canEdit}
          onChange={(type) => builder.setType(key, type)}
          options={FORM_FIELD_TYPES.map((type) => ({ value: type, label: t(`formBuilder.types.${type}`) }))}
          className="mf-form-type"
          data-testid={`${prefix}-type`}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary" className="mf-form-note">
        {t('formBuilder.languagesNote')}
      </Typography.Paragraph>
      <LocalizedInputs
        prefix={`${prefix}-label`}
        what={t(isNote ? 'formBuilder.labelNote' : 'formBuilder.label')}
        value={field.label}
        onChange={setText('label')}
        errors={errors}
        place="label"
        multiline={isNote}
        required
        autoFocus={props.autoFocus}
      />
      {!isNote && (
        <LocalizedInputs
          prefix={`${prefix}-help`}
          what={t('formBuilder.help')}
          value={field.help}
          onChange={setText('help')}
          errors={errors}
          place="help"
          multiline
        />
      )}
      {(field.type === 'choice' || field.type === 'multi_choice') && (
        <FieldOptions builder={builder} field={field} index={props.index} answered={answered} />
      )}
      {answer && (
        <fieldset className="mf-form-fieldset">
          <legend>{t('formBuilder.flags')}</legend>
          <Space orientation="vertical" size={4}>
            <Checkbox
              checked={field.required}
              onChange={(e) => set('required', { required: e.target.checked })}
              data-testid={`${prefix}-required`}
            >
              {t('formBuilder.required')}
            </Checkbox>
            {errorsUnder(errors, 'required').map((message) => (
              <Typography.Text key={message} type="danger">
                {message}
              </Typography.Text>
            ))}
            <Checkbox
              checked={field.ask_at_door}
              onChange={(e) => set('ask_at_door', { ask_at_door: e.target.checked })}
              data-testid={`${prefix}-door`}
            >
              {t('formBuilder.askAtDoor')}
            </Checkbox>
            <Checkbox
              checked={field.on_badge}
              onChange={(e) => set('on_badge', { on_badge: e.target.checked })}
              data-testid={`${prefix}-badge`}
            >
              {t('formBuilder.onBadge')}
            </Checkbox>
            <Checkbox
              checked={field.personal}
              onChange={(e) => set('personal', { personal: e.target.checked })}
              data-testid={`${prefix}-personal`}
            >
              {t('formBuilder.personal')}
            </Checkbox>
            <Typography.Text type="secondary">{t('formBuilder.personalHelp')}</Typography.Text>
          </Space>
        </fieldset>
      )}
      <FieldLimits field={field} errors={errors} onChange={(change, place) => set(place, change)} />
      <FieldConditions builder={builder} field={field} index={props.index} meeting={props.meeting} />
    </Form>
  );
}

/** Min and max: a text's length, a number's value or how many choices, by the field's type. */
function FieldLimits(props: {
  field: FormField;
  errors: Record<string, string> | undefined;
  onChange: (change: Partial<FormField>, place: string) => void;
}) {
  const { field, errors } = props;
  const { t } = useTranslation();
  const kind = limitKind(field.type);
  if (!kind) return null;
  const whole = kind !== 'value';
  const ceiling = kind === 'length' ? lengthCeiling(field.type) : undefined;
  const input = (which: 'min' | 'max') => {
    const id = `form-field-${field.key}-${which}`;
    return (
      <Form.Item
        label={t(which === 'min' ? `formBuilder.limitMin.${kind}` : `formBuilder.limitMax.${kind}`)}
        htmlFor={id}
        {...errorProps(errors, which)}
      >
        <InputNumber
          id={id}
          value={field[which]}
          min={whole ? 0 : undefined}
          max={ceiling}
          precision={whole ? 0 : undefined}
          placeholder={
            which === 'max' && ceiling
              ? t('formBuilder.lengthCeiling', { count: ceiling })
              : t('formBuilder.noLimit')
          }
          onChange={(value) => props.onChange({ [which]: typeof value === 'number' ? value : null }, which)}
          className="mf-form-limit"
          data-testid={id}
        />
      </Form.Item>
    );
  };
  return (
    <fieldset className="mf-form-fieldset">
      <legend>{t('formBuilder.limits')}</legend>
      <div className="mf-form-limits">
        {input('min')}
        {input('max')}
      </div>
    </fieldset>
  );
}
