import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import { setLanguage, useTranslation } from '../lib/i18n.ts';

/** Each language in its own script, so a user can find theirs whatever is currently shown. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-tw': '繁體中文',
  'zh-cn': '简体中文',
  en: 'English',
};

export function LangSwitch({ type = 'text' }: { type?: 'text' | 'default' }) {
  const { i18n } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((lang) => ({
          key: lang,
          label: <span data-testid={`lang-${lang}`}>{LANGUAGE_NAMES[lang]}</span>,
        })),
        onClick: ({ key }) => void setLanguage(key as Language),
      }}
    >
      {/* Named by its visible text alone (WCAG 2.5.3): the current language, in its own script. */}
      <Button type={type} icon={<TranslationOutlined aria-hidden />} data-testid="lang-switch">
        <span className="mf-lang-label">{LANGUAGE_NAMES[i18n.language as Language] ?? i18n.language}</span>
      </Button>
    </Dropdown>
  );
}
