import { useEffect, useId, useRef, useState } from 'react';
import { TranslationOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import { setLanguage, useTranslation } from '../../../lib/i18n.ts';
import { htmlLang } from '../../../lib/language.ts';

/** Each language in its own script, so a user can find theirs whatever is currently shown. */
const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-tw': '繁體中文',
  'zh-cn': '简体中文',
  en: 'English',
};

/**
 * The login page's language switch: a button that opens the list of languages. The back office's
 * switch is Ant Design's dropdown, whose menu and popup code the login page does not need to load.
 */
export function LoginLanguage() {
  const { t, i18n } = useTranslation();
  const current = i18n.language;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const pick = (lang: Language) => {
    setOpen(false);
    toggle.current?.focus();
    void setLanguage(lang);
  };

  return (
    <div className="mf-login-lang" ref={root}>
      {/* Named by its visible text alone (WCAG 2.5.3): the current language, in its own script. */}
      <button
        ref={toggle}
        type="button"
        className="mf-login-lang-toggle"
        aria-expanded={open}
        aria-controls={listId}
        data-testid="lang-switch"
        onClick={() => setOpen((was) => !was)}
      >
        <TranslationOutlined aria-hidden />
        <span lang={htmlLang(current)}>{LANGUAGE_NAMES[current]}</span>
      </button>
      <ul id={listId} className="mf-login-lang-list" aria-label={t('layout.language')} hidden={!open}>
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            <button
              type="button"
              lang={htmlLang(lang)}
              aria-current={lang === current ? 'true' : undefined}
              data-testid={`lang-${lang}`}
              onClick={() => pick(lang)}
            >
              {LANGUAGE_NAMES[lang]}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
