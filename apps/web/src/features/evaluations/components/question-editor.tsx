import { Checkbox, Form, Radio, Select, Typography } from 'antd';
import { isAnswerField } from '@meetflow/shared/forms/form-basics';
import type { Language } from '@meetflow/shared/languages';
import { errorProps, LocalizedInputs } from '../../../components/localized-inputs.tsx';
import { errorsUnder } from '../../../lib/field-errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  EVALUATION_FIELD_TYPES,
  changeType,
  hasOptions,
  setCorrect,
  type EvaluationFieldType,
  type EvaluationQuestion,
} from '../evaluation-logic.ts';
import type { EvaluationBuilderState } from '../use-evaluation-builder.ts';
import { ChoiceOptions, RatingScale } from './question-options.tsx';

/** Places shown beside their input; any other message (the question as a whole) goes on top. */
const SHOWN = ['type', 'label', 'help', 'options', 'correct', 'required'];

/** The editor of one question, opened from its row. */
export function QuestionEditor(props: {
  builder: EvaluationBuilderState;
  question: EvaluationQuestion;
  answered: boolean;
  canEdit: boolean;
  autoFocus: boolean;
}) {
  const { builder, question, answered, canEdit } = props;
  const { t } = useTranslation();
  const key = question.key;
  const prefix = `evaluation-question-${key}`;
  const errors = builder.errors.byQuestion[key];
  const setText = (what: 'label' | 'help') => (lang: Language, value: string) =>
    builder.update(key, `${what}.${lang}`, (q) => ({ ...q, [what]: { ...q[what], [lang]: value } }));
  const unplaced = Object.entries(errors ?? {}).filter(([place]) => !SHOWN.includes(place.split('.')[0]!));
  const isNote = question.type === 'note';

  return (
    <Form layout="vertical" component="div" disabled={!canEdit} className="mf-eval-editor">
      {unplaced.map(([place, message]) => (
        <Typography.Paragraph key={place} type="danger" role="alert">
          {message}
        </Typography.Paragraph>
      ))}
      <Form.Item
        label={t('evaluations.builder.type')}
        htmlFor={`${prefix}-type`}
        extra={answered ? t('evaluations.builder.answeredNote') : undefined}
        {...errorProps(errors, 'type')}
      >
        <Select<EvaluationFieldType>
          id={`${prefix}-type`}
          value={question.type}
          disabled={answered || !canEdit}
          onChange={(type) => builder.update(key, '', (q) => changeType(q, type))}
          options={EVALUATION_FIELD_TYPES.map((type) => ({
            value: type,
            label: t(`evaluations.types.${type}`),
          }))}
          style={{ width: 240 }}
          data-testid={`${prefix}-type`}
        />
      </Form.Item>
      <LocalizedInputs
        prefix={`${prefix}-label`}
        what={t(isNote ? 'evaluations.builder.noteText' : 'evaluations.builder.label')}
        value={question.label}
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
          what={t('evaluations.builder.help')}
          value={question.help}
          onChange={setText('help')}
          errors={errors}
          place="help"
          multiline
        />
      )}
      {question.type === 'rating' && (
        <RatingScale builder={builder} question={question} answered={answered} />
      )}
      {hasOptions(question.type) && (
        <ChoiceOptions builder={builder} question={question} answered={answered} />
      )}
      {question.type === 'yes_no' && (
        <Form.Item
          label={t('evaluations.builder.correctYesNo')}
          extra={t('evaluations.builder.correctHelp')}
          {...errorProps(errors, 'correct')}
        >
          <Radio.Group
            value={question.correct[0] ?? ''}
            onChange={(e) =>
              builder.update(key, 'correct', (q) =>
                e.target.value ? setCorrect(q, e.target.value as string, true) : { ...q, correct: [] },
              )
            }
            options={[
              { value: '', label: t('evaluations.builder.notQuiz') },
              { value: 'yes', label: t('evaluations.builder.yes') },
              { value: 'no', label: t('evaluations.builder.no') },
            ]}
            aria-label={t('evaluations.builder.correctYesNo')}
            data-testid={`${prefix}-correct`}
          />
        </Form.Item>
      )}
      {isAnswerField(question) && (
        <Form.Item {...errorProps(errors, 'required')}>
          <Checkbox
            checked={question.required}
            onChange={(e) => builder.update(key, 'required', (q) => ({ ...q, required: e.target.checked }))}
            data-testid={`${prefix}-required`}
          >
            {t('evaluations.builder.requiredAnswer')}
          </Checkbox>
        </Form.Item>
      )}
      {errorsUnder(errors, 'correct').length > 0 && question.type !== 'yes_no' && (
        <Typography.Paragraph type="danger" role="alert">
          {errorsUnder(errors, 'correct').join(' ')}
        </Typography.Paragraph>
      )}
    </Form>
  );
}
