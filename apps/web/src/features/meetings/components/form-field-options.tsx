import { Button, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FIELD_MAX_OPTIONS, type FormField } from '@meetflow/shared/forms/form-definition';
import { useTranslation } from '../../../lib/i18n.ts';
import { canAddOption, lockedOptions, moveOption, newOption, removeOption } from '../form-builder-logic.ts';
import type { FormBuilderState } from '../use-form-builder.ts';
import { LocalizedInputs } from '../../../components/localized-inputs.tsx';
import '../form-builder-i18n.ts';

/**
 * The options of a single or multiple choice: each named in the three languages, added, moved and
 * removed; their values (o1, o2 …) are given by the builder. A field with answers keeps the options
 * it was saved with, since answers name them.
 */
export function FieldOptions(props: {
  builder: FormBuilderState;
  field: FormField;
  index: number;
  answered: boolean;
}) {
  const { builder, field, index } = props;
  const { t } = useTranslation();
  const errors = builder.errors.byField[field.key];
  const saved = builder.base?.fields.find((f) => f.key === field.key);
  const locked = lockedOptions(saved, builder.base?.answered_keys ?? []);
  // The list's own messages (none, or two alike); an option's name has its message beside its box.
  const listErrors = Object.entries(errors ?? {})
    .filter(([place]) => place.startsWith('options') && !place.includes('.label.'))
    .map(([, message]) => message);

  return (
    <fieldset className="mf-form-fieldset" data-testid={`form-field-${field.key}-options`}>
      <legend>{t('formBuilder.options')}</legend>
      {listErrors.map((message) => (
        <Typography.Paragraph key={message} type="danger" role="alert">
          {message}
        </Typography.Paragraph>
      ))}
      <ol className="mf-form-options">
        {field.options.map((option, o) => {
          const n = o + 1;
          const prefix = `form-option-${field.key}-${option.value}`;
          return (
            <li key={option.value} className="mf-form-option" data-testid={prefix}>
              <div className="mf-form-option-head">
                <Typography.Text strong>{t('formBuilder.option', { n })}</Typography.Text>
                <Space size={2}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('formBuilder.moveOptionUp', { n })}
                    disabled={o === 0}
                    onClick={() => builder.update(field.key, 'options', (f) => moveOption(f, o, -1))}
                    data-testid={`${prefix}-up`}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('formBuilder.moveOptionDown', { n })}
                    disabled={o === field.options.length - 1}
                    onClick={() => builder.update(field.key, 'options', (f) => moveOption(f, o, 1))}
                    data-testid={`${prefix}-down`}
                  />
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('formBuilder.removeOption', { n })}
                    title={locked.has(option.value) ? t('formBuilder.optionLocked') : undefined}
                    disabled={locked.has(option.value) || field.options.length <= 1}
                    onClick={() => builder.replace((fields) => removeOption(fields, index, o))}
                    data-testid={`${prefix}-remove`}
                  />
                </Space>
              </div>
              <LocalizedInputs
                prefix={prefix}
                what={t('formBuilder.option', { n })}
                value={option.label}
                onChange={(lang, value) =>
                  builder.update(field.key, `options.${option.value}.label.${lang}`, (f) => ({
                    ...f,
                    options: f.options.map((x) =>
                      x.value === option.value ? { ...x, label: { ...x.label, [lang]: value } } : x,
                    ),
                  }))
                }
                errors={errors}
                place={`options.${option.value}.label`}
                required
              />
            </li>
          );
        })}
      </ol>
      <Button
        icon={<PlusOutlined />}
        disabled={!canAddOption(field)}
        title={canAddOption(field) ? undefined : t('formBuilder.optionLimit', { count: FIELD_MAX_OPTIONS })}
        onClick={() =>
          builder.update(field.key, 'options', (f) => ({
            ...f,
            options: [...f.options, newOption(f, saved)],
          }))
        }
        data-testid={`form-field-${field.key}-add-option`}
      >
        {t('formBuilder.addOption')}
      </Button>
    </fieldset>
  );
}
