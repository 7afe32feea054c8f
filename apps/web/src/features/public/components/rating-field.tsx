import { useTranslation } from '../../../lib/i18n.ts';
import { describedBy, fieldId, Messages, type FieldBase } from './form-fields.tsx';
import './rating-field.css';

/**
 * A rating (evaluations, issue 43): one radio per point of the scale, lowest first, each a whole row
 * with its number and label, so a thumb hits it on a 360 px phone and the arrow keys move along it.
 * The answer is the point's number (1..N); the first radio carries the field id for the error summary.
 */
export function RatingField(
  props: FieldBase & {
    value: number | null;
    onChange: (value: number) => void;
    /** The points' labels, lowest first. */
    points: readonly string[];
  },
) {
  const { t } = useTranslation();
  const { name, error, required, hint, value, onChange, points } = props;
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
      <div className="mf-pub-rating">
        {points.map((label, index) => {
          const point = index + 1;
          return (
            <label key={point} className="mf-pub-rating-point">
              <input
                type="radio"
                id={index === 0 ? fieldId(name) : undefined}
                name={name}
                value={point}
                checked={value === point}
                aria-required={required || undefined}
                aria-invalid={error ? true : undefined}
                // Read as "4 · Good": the number and its label, said once.
                aria-label={`${point} · ${label}`}
                data-testid={`field-${name}-${point}`}
                onChange={() => onChange(point)}
              />
              <span className="mf-pub-rating-number" aria-hidden="true">
                {point}
              </span>
              <span className="mf-pub-rating-label">{label}</span>
            </label>
          );
        })}
      </div>
      <Messages {...props} />
    </fieldset>
  );
}
