import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { answerErrorText } from '@meetflow/shared/forms/answer-text';
import { answeredAtDoor, validateDoorForm } from '@meetflow/shared/forms/door-questions';
import { localText, type FormField } from '@meetflow/shared/forms/form-definition';
import { visibleKeys, type Answers } from '@meetflow/shared/forms/form-engine';
import type { Language } from '@meetflow/shared/languages';
import { useTranslation } from '../../../lib/i18n.ts';
import type { DoorAnswersSaved } from '../offline/door-station.ts';
import '../door-questions-i18n.ts';
import './door-questions.css';

/** More options than this show as a drop-down rather than radio buttons. */
const RADIO_MAX = 6;

/**
 * One question's input, by its type. Its Form.Item passes the control's props (value, onChange and
 * the id its label points at): they go on to the input.
 */
function QuestionInput({
  field,
  lang,
  ...control
}: {
  field: FormField;
  lang: Language;
  [prop: string]: unknown;
}): ReactNode {
  const { t } = useTranslation();
  const options = field.options.map((o) => ({ value: o.value, label: localText(o.label, lang) }));
  const testId = `door-question-${field.key}`;
  switch (field.type) {
    case 'short_text':
    case 'email':
      return <Input {...control} type={field.type === 'email' ? 'email' : 'text'} data-testid={testId} />;
    case 'long_text':
      return <Input.TextArea {...control} autoSize={{ minRows: 2, maxRows: 5 }} data-testid={testId} />;
    case 'number':
      return <InputNumber {...control} style={{ width: '100%' }} data-testid={testId} />;
    case 'date':
      return <Input {...control} type="date" data-testid={testId} />;
    case 'choice':
      return options.length > RADIO_MAX ? (
        <Select {...control} options={options} placeholder={t('doorQuestions.choose')} data-testid={testId} />
      ) : (
        <Radio.Group {...control} options={options} data-testid={testId} />
      );
    case 'multi_choice':
      return <Checkbox.Group {...control} options={options} data-testid={testId} />;
    case 'yes_no':
      return (
        <Radio.Group
          {...control}
          options={[
            { value: true, label: t('doorQuestions.yes') },
            { value: false, label: t('doorQuestions.no') },
          ]}
          data-testid={testId}
        />
      );
    case 'consent':
      return (
        <Checkbox {...control} data-testid={testId}>
          {localText(field.label, lang)}
        </Checkbox>
      );
    default:
      return null;
  }
}

/**
 * The questions shown, as items of the enclosing Form (under `prefix` when given, e.g. a walk-in's
 * `answers`): a field the door answers takes its input, a phone number or a file a note.
 */
export function DoorQuestionItems(props: {
  questions: readonly FormField[];
  shown: ReadonlySet<string>;
  lang: Language;
  prefix?: string;
}) {
  const { t } = useTranslation();
  const { lang, prefix } = props;
  return props.questions
    .filter((f) => props.shown.has(f.key))
    .map((field) =>
      answeredAtDoor(field) ? (
        <Form.Item
          key={field.key}
          name={prefix ? [prefix, field.key] : field.key}
          label={field.type === 'consent' ? undefined : localText(field.label, lang)}
          required={field.required}
          extra={localText(field.help, lang) || undefined}
          valuePropName={field.type === 'consent' ? 'checked' : 'value'}
        >
          <QuestionInput field={field} lang={lang} />
        </Form.Item>
      ) : (
        <Form.Item key={field.key} label={localText(field.label, lang)}>
          <Typography.Text type="secondary" data-testid={`door-question-${field.key}`}>
            {t('doorQuestions.notAtDoor')}
          </Typography.Text>
        </Form.Item>
      ),
    );
}

/**
 * The ask-at-door questions a guest has not answered (issue 42), after their check-in: the fields
 * of the sign-up a door can answer, with the form's conditions among them and the shared engine's
 * check; a phone number or a file is shown with a note. Saved as a whole or skipped (Esc); the first
 * question takes the focus. The operator's station and the kiosk's guest both fill it.
 */
export function DoorQuestionsForm(props: {
  questions: FormField[];
  lang: Language;
  /** Whom the form addresses: the operator (who asks the guest) or the guest at a kiosk. */
  audience: 'operator' | 'guest';
  guestName?: string;
  onSave: (answers: Answers) => Promise<DoorAnswersSaved>;
  /** Told once the answers are kept (on the server or on this device). */
  onSaved: (status: 'saved' | 'queued') => void;
  onSkip: () => void;
}) {
  const { t } = useTranslation();
  const { questions, lang } = props;
  const [form] = Form.useForm<Record<string, unknown>>();
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const box = useRef<HTMLElement>(null);
  const shown = useMemo(() => visibleKeys(questions, values, { userTypeId: null }), [questions, values]);
  const byKey = useMemo(() => new Map(questions.map((f) => [f.key, f])), [questions]);

  // The first question takes the focus: the operator (or the guest) answers from the keyboard.
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, .ant-select')?.focus();
  }, []);

  async function save() {
    const raw = Object.fromEntries(
      questions.filter((f) => shown.has(f.key) && answeredAtDoor(f)).map((f) => [f.key, values[f.key]]),
    );
    const { answers, errors } = validateDoorForm(questions, raw);
    const showErrors = (messages: Record<string, string>) =>
      form.setFields(Object.entries(messages).map(([name, message]) => ({ name, errors: [message] })));
    if (Object.keys(errors).length > 0) {
      showErrors(
        Object.fromEntries(
          Object.entries(errors).map(([key, error]) => [key, answerErrorText(byKey.get(key)!, error, lang)]),
        ),
      );
      return;
    }
    setBusy(true);
    setFailed(false);
    try {
      const saved = await props.onSave(answers);
      if (saved.status === 'invalid') showErrors(saved.errors);
      else props.onSaved(saved.status);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      props.onSkip();
    }
  }

  const operator = props.audience === 'operator';
  return (
    <section
      ref={box}
      className={`door-questions door-questions-${props.audience}`}
      aria-labelledby="door-questions-title"
      data-testid="door-questions"
      data-door-questions
      onKeyDown={onKeyDown}
    >
      <h2 id="door-questions-title" className="door-questions-title">
        {t(operator ? 'doorQuestions.title' : 'doorQuestions.guestTitle')}
      </h2>
      {operator && props.guestName && (
        <Typography.Paragraph type="secondary">
          {t('doorQuestions.lead', { name: props.guestName })}
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        name="door"
        layout="vertical"
        size={operator ? 'middle' : 'large'}
        onValuesChange={(changed: Record<string, unknown>, all) => {
          setValues(all);
          // An error said of a field goes once it is answered again.
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
        }}
        onFinish={() => void save()}
      >
        <DoorQuestionItems questions={questions} shown={shown} lang={lang} />
        {failed && (
          <Alert type="error" showIcon title={t('doorQuestions.failed')} style={{ marginBottom: 12 }} />
        )}
        <div className="door-questions-actions">
          <Button
            htmlType="submit"
            type="primary"
            size={operator ? 'middle' : 'large'}
            loading={busy}
            data-testid="door-questions-save"
          >
            {t('doorQuestions.save')}
          </Button>
          <Button
            size={operator ? 'middle' : 'large'}
            onClick={props.onSkip}
            aria-keyshortcuts="Escape"
            data-testid="door-questions-skip"
          >
            {t('doorQuestions.skip')}
          </Button>
          {operator && <Typography.Text type="secondary">{t('doorQuestions.skipHint')}</Typography.Text>}
        </div>
      </Form>
    </section>
  );
}
