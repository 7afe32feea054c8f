import { useId } from 'react';
import { Button, Tooltip, Typography } from 'antd';
import { useTranslation } from '../lib/i18n.ts';
import './mail-preview.css';
import './mail-preview-i18n.ts';

/**
 * The buttons that insert a `{placeholder}` into the text being edited, each named with what it
 * stands for. The pointer does not take the focus from the text, so the caret (and a selection)
 * stays where the placeholder goes.
 */
export function MailPlaceholders(props: {
  names: readonly string[];
  onInsert: (name: string) => void;
  /** Test ids: `<prefix>-placeholders` and `<prefix>-placeholder-<name>`. */
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { testIdPrefix: prefix } = props;
  return (
    <div
      className="mf-mail-placeholders"
      role="group"
      aria-labelledby={titleId}
      data-testid={`${prefix}-placeholders`}
    >
      <Typography.Text id={titleId}>{t('mailEditor.placeholders')}</Typography.Text>
      {props.names.map((name) => {
        const description = t(`mailEditor.placeholderNames.${name}`, { defaultValue: '' });
        return (
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
      })}
    </div>
  );
}
