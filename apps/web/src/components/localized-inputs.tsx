import { Form, Input } from 'antd';
import { LANGUAGES, type Language, type Localized } from '@meetflow/shared/languages';
import { LANGUAGE_NAMES } from './lang-switch.tsx';
import { registerFeatureCatalogue, useTranslation } from '../lib/i18n.ts';
import { errorsUnder } from '../lib/field-errors.ts';
import './localized-inputs.css';

// Its two strings travel with it: the registration form's and the evaluations' builders show it.
registerFeatureCatalogue('localizedInputs', {
  'zh-tw': { labelIn: '{{what}}（{{lang}}）', fallbackHint: '留空即顯示繁體中文' },
  'zh-cn': { labelIn: '{{what}}（{{lang}}）', fallbackHint: '留空即显示繁体中文' },
  en: { labelIn: '{{what}} ({{lang}})', fallbackHint: 'Empty: shows the Traditional Chinese' },
});

/** A Form.Item's error state and message from the messages placed at `place` (or inside it). */
export function errorProps(errors: Record<string, string> | undefined, place: string) {
  const messages = errorsUnder(errors, place);
  return messages.length > 0 ? { validateStatus: 'error' as const, help: messages.join(' ') } : {};
}

/**
 * One text in the three languages, side by side: zh-tw required, the others falling back to it.
 * Ids and test ids are `<prefix>-<lang>`.
 */
export function LocalizedInputs(props: {
  prefix: string;
  what: string;
  value: Localized;
  onChange: (lang: Language, value: string) => void;
  errors: Record<string, string> | undefined;
  place: string;
  multiline?: boolean;
  required?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="mf-form-langs">
      {LANGUAGES.map((lang) => {
        const id = `${props.prefix}-${lang}`;
        const common = {
          id,
          lang,
          value: props.value[lang],
          placeholder: lang === 'zh-tw' ? undefined : t('localizedInputs.fallbackHint'),
          autoFocus: props.autoFocus && lang === 'zh-tw',
          'data-testid': id,
        };
        return (
          <Form.Item
            key={lang}
            label={t('localizedInputs.labelIn', { what: props.what, lang: LANGUAGE_NAMES[lang] })}
            htmlFor={id}
            required={props.required && lang === 'zh-tw'}
            {...errorProps(props.errors, `${props.place}.${lang}`)}
          >
            {props.multiline ? (
              <Input.TextArea
                {...common}
                autoSize={{ minRows: 1, maxRows: 8 }}
                onChange={(e) => props.onChange(lang, e.target.value)}
              />
            ) : (
              <Input {...common} onChange={(e) => props.onChange(lang, e.target.value)} />
            )}
          </Form.Item>
        );
      })}
    </div>
  );
}
