import { Button, Checkbox, Form, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FIELD_MAX_OPTIONS } from '@meetflow/shared/forms/form-basics';
import { LocalizedInputs } from '../../../components/localized-inputs.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  RATING_MAX_POINTS,
  RATING_MIN_POINTS,
  addOption,
  removeOption,
  setCorrect,
  withPoints,
  type EvaluationQuestion,
} from '../evaluation-logic.ts';
import type { EvaluationBuilderState } from '../use-evaluation-builder.ts';

interface Props {
  builder: EvaluationBuilderState;
  question: EvaluationQuestion;
  answered: boolean;
}

const POINTS = Array.from(
  { length: RATING_MAX_POINTS - RATING_MIN_POINTS + 1 },
  (_, i) => i + RATING_MIN_POINTS,
);

/** Labels of the options (or points) at `place`, each in three languages. */
function OptionLabel(props: Props & { index: number; what: string }) {
  const { builder, question, index } = props;
  const option = question.options[index]!;
  return (
    <LocalizedInputs
      prefix={`evaluation-option-${question.key}-${option.value}`}
      what={props.what}
      value={option.label}
      onChange={(lang, value) =>
        builder.update(question.key, `options.${option.value}.label.${lang}`, (q) => ({
          ...q,
          options: q.options.map((o) =>
            o.value === option.value ? { ...o, label: { ...o.label, [lang]: value } } : o,
          ),
        }))
      }
      errors={builder.errors.byQuestion[question.key]}
      place={`options.${option.value}.label`}
      required
    />
  );
}

/** A rating's scale: how many points (fixed once answered) and the label of each, lowest first. */
export function RatingScale(props: Props) {
  const { builder, question, answered } = props;
  const { t } = useTranslation();
  const id = `evaluation-question-${question.key}-points`;
  return (
    <fieldset className="mf-eval-fieldset" data-testid={`evaluation-question-${question.key}-scale`}>
      <legend>{t('evaluations.builder.scale')}</legend>
      <Form.Item
        label={t('evaluations.builder.points')}
        htmlFor={id}
        extra={t('evaluations.builder.pointsHelp')}
      >
        <Select<number>
          id={id}
          value={question.options.length}
          disabled={answered || builder.base === undefined}
          onChange={(n) => builder.update(question.key, 'options', (q) => withPoints(q, n))}
          options={POINTS.map((n) => ({ value: n, label: String(n) }))}
          style={{ width: 120 }}
          data-testid={id}
        />
      </Form.Item>
      <ol className="mf-eval-options">
        {question.options.map((option, i) => (
          <li key={option.value}>
            <OptionLabel {...props} index={i} what={t('evaluations.builder.point', { n: i + 1 })} />
          </li>
        ))}
      </ol>
    </fieldset>
  );
}

/**
 * A choice's options, each named in three languages and markable as the quiz's right answer
 * (one for a single choice, the exact set for a multiple choice). Options of an answered question stay.
 */
export function ChoiceOptions(props: Props) {
  const { builder, question, answered } = props;
  const { t } = useTranslation();
  const saved = builder.base?.fields.find((q) => q.key === question.key);
  const listErrors = Object.entries(builder.errors.byQuestion[question.key] ?? {})
    .filter(([place]) => place.startsWith('options') && !place.includes('.label.'))
    .map(([, message]) => message);
  return (
    <fieldset className="mf-eval-fieldset" data-testid={`evaluation-question-${question.key}-options`}>
      <legend>{t('evaluations.builder.options')}</legend>
      <Typography.Paragraph type="secondary">{t('evaluations.builder.correctHelp')}</Typography.Paragraph>
      {listErrors.map((message) => (
        <Typography.Paragraph key={message} type="danger" role="alert">
          {message}
        </Typography.Paragraph>
      ))}
      <ol className="mf-eval-options">
        {question.options.map((option, i) => {
          const n = i + 1;
          const locked = answered && (saved?.options.some((o) => o.value === option.value) ?? false);
          const prefix = `evaluation-option-${question.key}-${option.value}`;
          return (
            <li key={option.value} className="mf-eval-option">
              <div className="mf-eval-option-head">
                <Typography.Text strong>{t('evaluations.builder.option', { n })}</Typography.Text>
                <Checkbox
                  checked={question.correct.includes(option.value)}
                  onChange={(e) =>
                    builder.update(question.key, 'correct', (q) =>
                      setCorrect(q, option.value, e.target.checked),
                    )
                  }
                  data-testid={`${prefix}-correct`}
                >
                  {t('evaluations.builder.correct')}
                </Checkbox>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('evaluations.builder.removeOption', { n })}
                  disabled={locked || question.options.length <= 1}
                  onClick={() =>
                    builder.update(question.key, 'options', (q) => removeOption(q, option.value))
                  }
                  data-testid={`${prefix}-remove`}
                />
              </div>
              <OptionLabel {...props} index={i} what={t('evaluations.builder.option', { n })} />
            </li>
          );
        })}
      </ol>
      <Button
        icon={<PlusOutlined />}
        disabled={question.options.length >= FIELD_MAX_OPTIONS}
        onClick={() => builder.update(question.key, 'options', (q) => addOption(q, saved))}
        data-testid={`evaluation-question-${question.key}-add-option`}
      >
        {t('evaluations.builder.addOption')}
      </Button>
    </fieldset>
  );
}
