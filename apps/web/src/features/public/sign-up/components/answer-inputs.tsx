import type { EngineField } from '@meetflow/shared/forms/form-basics';
import type { PhoneAnswer } from '@meetflow/shared/forms/form-engine';
import { useTranslation } from '../../../../lib/i18n.ts';
import {
  describedBy,
  errorId,
  fieldId,
  Label,
  Messages,
  SelectField,
  TextField,
  type FieldBase,
} from '../../components/form-fields.tsx';
import { PUBLIC_AREA_CODES } from '../../phone-rule.ts';
import { toggleChoice } from '../custom-form-logic.ts';

/*
 * The inputs of a form's own fields that the built-in fields do not have, with the same markup:
 * a label or legend, the help as a hint, the error beside the field, all tied by aria-describedby.
 */

export function LongTextField(
  props: FieldBase & { value: string; onChange: (value: string) => void; maxLength: number },
) {
  const { name, error, required, hint, value, onChange } = props;
  return (
    <div className={`mf-pub-field${error ? ' has-error' : ''}`}>
      <Label {...props} />
      <textarea
        id={fieldId(name)}
        name={name}
        className="mf-pub-input mf-pub-textarea"
        rows={4}
        value={value}
        maxLength={props.maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        data-testid={`field-${name}`}
        onChange={(e) => onChange(e.target.value)}
      />
      <Messages {...props} />
    </div>
  );
}

/** Checkboxes in a fieldset; the first carries the field id for the error summary. */
export function MultiChoiceField(
  props: FieldBase & {
    field: Pick<EngineField, 'options'>;
    value: readonly string[];
    onChange: (value: string[]) => void;
    options: readonly { value: string; label: string }[];
  },
) {
  const { t } = useTranslation();
  const { field, name, error, required, hint, value, onChange, options } = props;
  return (
    <fieldset
      className={`mf-pub-field mf-pub-fieldset${error ? ' has-error' : ''}`}
      aria-describedby={describedBy(name, error, hint)}
      data-testid={`field-${name}`}
    >
      <legend className="mf-pub-label">
        {props.label}
        {required ? (
          <span className="mf-pub-req" aria-hidden="true">
            {' *'}
          </span>
        ) : (
          <span className="mf-pub-opt">{` (${t('pub.optional')})`}</span>
        )}
      </legend>
      <div className="mf-pub-choices">
        {options.map((o, index) => (
          <label key={o.value} className="mf-pub-choice">
            <input
              type="checkbox"
              id={index === 0 ? fieldId(name) : undefined}
              name={name}
              value={o.value}
              checked={value.includes(o.value)}
              aria-invalid={error ? true : undefined}
              data-testid={`field-${name}-${o.value}`}
              onChange={(e) => onChange(toggleChoice(field, value, o.value, e.target.checked))}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <Messages {...props} />
    </fieldset>
  );
}

/** A box to tick (the organiser's own consent), its help above it. */
export function ConsentAnswer(props: FieldBase & { value: boolean; onChange: (value: boolean) => void }) {
  const { name, label, error, required, hint, value, onChange } = props;
  return (
    <div className={`mf-pub-field${error ? ' has-error' : ''}`} data-testid={`field-${name}-box`}>
      {hint && (
        <p className="mf-pub-hint mf-pub-answer-note" id={`${fieldId(name)}-hint`}>
          {hint}
        </p>
      )}
      <label className="mf-pub-consent-box">
        <input
          type="checkbox"
          id={fieldId(name)}
          name={name}
          checked={value}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(name, error, hint)}
          data-testid={`field-${name}`}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>
          {label}
          {required && (
            <span className="mf-pub-req" aria-hidden="true">
              {' *'}
            </span>
          )}
        </span>
      </label>
      {error && (
        <p className="mf-pub-error" id={errorId(name)} data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Area code and number of a phone answer; the answer's error sits under the number. */
export function PhoneAnswerFields(
  props: FieldBase & { value: PhoneAnswer; onChange: (value: PhoneAnswer) => void },
) {
  const { t } = useTranslation();
  const { name, label, required, hint, error, value, onChange } = props;
  return (
    <div className="mf-pub-phone">
      <SelectField
        name={`${name}-area`}
        label={t('pubForm.areaCodeOf', { label })}
        required={required}
        value={value.area_code}
        onChange={(area) => onChange({ ...value, area_code: area })}
        options={PUBLIC_AREA_CODES.map((code) => ({ value: code, label: t(`pub.area${code}`) }))}
      />
      <TextField
        name={name}
        label={label}
        required={required}
        hint={hint}
        error={error}
        type="tel"
        inputMode="tel"
        value={value.phone}
        onChange={(phone) => onChange({ ...value, phone })}
      />
    </div>
  );
}
