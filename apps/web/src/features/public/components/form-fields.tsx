import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { PUBLIC_AREA_CODES } from '../phone-rule.ts';

/** Displayed error text per field name. */
export type ErrorTexts = Record<string, string>;

export const fieldId = (name: string) => `pub-f-${name}`;
export const errorId = (name: string) => `pub-e-${name}`;

export interface FieldBase {
  name: string;
  label: string;
  error?: string;
  required?: boolean;
  hint?: string;
}

export function Label({ name, label, required }: FieldBase) {
  const { t } = useTranslation();
  return (
    <label className="mf-pub-label" htmlFor={fieldId(name)}>
      {label}
      {required ? (
        <span className="mf-pub-req" aria-hidden="true">
          {' *'}
        </span>
      ) : (
        <span className="mf-pub-opt">{` (${t('pub.optional')})`}</span>
      )}
    </label>
  );
}

export function describedBy(name: string, error?: string, hint?: string): string | undefined {
  const ids = [hint ? `${fieldId(name)}-hint` : '', error ? errorId(name) : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function Messages({ name, error, hint }: FieldBase) {
  return (
    <>
      {hint && (
        <p className="mf-pub-hint" id={`${fieldId(name)}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="mf-pub-error" id={errorId(name)} data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </>
  );
}

export function TextField(
  props: FieldBase & {
    value: string;
    onChange: (value: string) => void;
    type?: 'text' | 'tel' | 'email' | 'search' | 'date';
    autoComplete?: string;
    inputMode?: 'text' | 'tel' | 'email' | 'numeric' | 'decimal';
    placeholder?: string;
    maxLength?: number;
  },
) {
  const { name, error, required, hint, value, onChange, type = 'text' } = props;
  return (
    <div className={`mf-pub-field${error ? ' has-error' : ''}`}>
      <Label {...props} />
      <input
        id={fieldId(name)}
        name={name}
        className="mf-pub-input"
        type={type}
        value={value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
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

export function SelectField(
  props: FieldBase & {
    value: string;
    onChange: (value: string) => void;
    options: readonly { value: string; label: string }[];
  },
) {
  const { t } = useTranslation();
  const { name, error, required, hint, value, onChange, options } = props;
  return (
    <div className={`mf-pub-field${error ? ' has-error' : ''}`}>
      <Label {...props} />
      <select
        id={fieldId(name)}
        name={name}
        className="mf-pub-input mf-pub-select"
        value={value}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        data-testid={`field-${name}`}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('pub.pleaseSelect')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages {...props} />
    </div>
  );
}

/** A radio group in a fieldset; the first radio carries the field id so the error summary can focus it. */
export function ChoiceField(
  props: FieldBase & {
    value: string;
    onChange: (value: string) => void;
    options: readonly { value: string; label: string }[];
  },
) {
  const { name, error, required, hint, value, onChange, options } = props;
  return (
    <fieldset
      className={`mf-pub-field mf-pub-fieldset${error ? ' has-error' : ''}`}
      aria-describedby={describedBy(name, error, hint)}
      data-testid={`field-${name}`}
    >
      <legend className="mf-pub-label">
        {props.label}
        {required && (
          <span className="mf-pub-req" aria-hidden="true">
            {' *'}
          </span>
        )}
      </legend>
      <div className="mf-pub-choices">
        {options.map((o, index) => (
          <label key={o.value} className="mf-pub-choice">
            <input
              type="radio"
              id={index === 0 ? fieldId(name) : undefined}
              name={name}
              value={o.value}
              checked={value === o.value}
              aria-required={required || undefined}
              aria-invalid={error ? true : undefined}
              data-testid={`field-${name}-${o.value}`}
              onChange={() => onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <Messages {...props} />
    </fieldset>
  );
}

/** Area code select (+86, +852, +853, +886) and the phone number. */
export function PhoneFields({
  areaCode,
  phone,
  onAreaCode,
  onPhone,
  errors,
}: {
  areaCode: string;
  phone: string;
  onAreaCode: (v: string) => void;
  onPhone: (v: string) => void;
  errors: ErrorTexts;
}) {
  const { t } = useTranslation();
  return (
    <div className="mf-pub-phone">
      <SelectField
        name="area_code"
        label={t('pub.areaCode')}
        required
        value={areaCode}
        onChange={onAreaCode}
        error={errors.area_code}
        options={PUBLIC_AREA_CODES.map((code) => ({ value: code, label: t(`pub.area${code}`) }))}
      />
      <TextField
        name="phone"
        label={t('pub.phone')}
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={phone}
        onChange={onPhone}
        error={errors.phone}
      />
    </div>
  );
}

/** The list of problems shown above the form after a failed submit; each entry focuses its field. */
export function ErrorSummary({
  errors,
  labels,
  focusKey,
  children,
  testId = 'error-summary',
}: {
  errors: ErrorTexts;
  /** Field name → label, in the form's order. */
  labels: readonly (readonly [string, string])[];
  /** Changes on every failed submit, to move focus to the summary again. */
  focusKey: number;
  children?: ReactNode;
  /** Another id when a page has two forms. */
  testId?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const known = labels.filter(([name]) => errors[name]);
  const other = Object.keys(errors).filter((name) => !labels.some(([n]) => n === name));
  const count = known.length + other.length;
  useEffect(() => {
    if (focusKey > 0) ref.current?.focus();
  }, [focusKey]);
  if (count === 0 && !children) return null;
  return (
    <div className="mf-pub-summary" role="alert" tabIndex={-1} ref={ref} data-testid={testId}>
      {children}
      {count > 0 && (
        <>
          <p className="mf-pub-summary-title">{t('pub.errorSummary', { count })}</p>
          <ul>
            {known.map(([name, label]) => (
              <li key={name}>
                <button
                  type="button"
                  className="mf-pub-linkbutton"
                  onClick={() => document.getElementById(fieldId(name))?.focus()}
                >
                  {/* An entry whose message names its field itself (a form's own field) has no label. */}
                  {label ? `${label}: ` : ''}
                  {errors[name]}
                </button>
              </li>
            ))}
            {other.map((name) => (
              <li key={name}>{errors[name]}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
