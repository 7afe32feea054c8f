import { useId } from 'react';
import { Button, Tooltip, Typography } from 'antd';
import { localText, type FormField } from '@meetflow/shared/forms/form-definition';
import { currentLanguage, useTranslation } from '../lib/i18n.ts';
import './mail-preview.css';
import './mail-preview-i18n.ts';

/** `{answer.department}`: the guest's answer to the meeting's own field `department`. */
export const answerPlaceholder = (key: string) => `answer.${key}`;

/**
 * The buttons that insert a `{placeholder}` into the text being edited, each named with what it
 * stands for, then one per field of the meeting's own form (`{answer.<key>}`, named by its label).
 * The pointer does not take the focus from the text, so the caret (and a selection) stays where the
 * placeholder goes.
 */
export function MailPlaceholders(props: {
  names: readonly string[];
  /** The meeting's fields that take an answer (not retired). */
  answerFields?: readonly FormField[];
  onInsert: (name: string) => void;
  /** Test ids: `<prefix>-placeholders` and `<prefix>-placeholder-<name>`. */
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const answersId = useId();
  const lang = currentLanguage();
  const { testIdPrefix: prefix, answerFields = [] } = props;
  const button = (name: string, description: string) => (
    <Tooltip key={name} title={description || undefined}>
      <Button
        size="small"
        color="default"
        variant="filled"
        className="mf-mail-placeholder"
        // Keeps the caret (and selection) in the text while the pointer is down.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => props.onInsert(name)}
        aria-label={description ? `{${name}} ${description}` : `{${name}}`}
        data-testid={`${prefix}-placeholder-${name}`}
      >
        {`{${name}}`}
      </Button>
    </Tooltip>
  );
  return (
    <>
      <div
        className="mf-mail-placeholders"
        role="group"
        aria-labelledby={titleId}
        data-testid={`${prefix}-placeholders`}
      >
        <Typography.Text id={titleId}>{t('mailEditor.placeholders')}</Typography.Text>
        {props.names.map((name) =>
          button(name, t(`mailEditor.placeholderNames.${name}`, { defaultValue: '' })),
        )}
      </div>
      {answerFields.length > 0 && (
        <div
          className="mf-mail-placeholders"
          role="group"
          aria-labelledby={answersId}
          data-testid={`${prefix}-answer-placeholders`}
        >
          <Typography.Text id={answersId}>{t('mailEditor.answerPlaceholders')}</Typography.Text>
          {answerFields.map((field) => button(answerPlaceholder(field.key), localText(field.label, lang)))}
        </div>
      )}
    </>
  );
}
