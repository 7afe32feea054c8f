import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useParams } from 'react-router';
import type { Language } from '@meetflow/shared/languages';
import { setLanguage, useTranslation } from '../../lib/i18n.ts';
import { detectLanguage } from '../../lib/language.ts';
import { readJson } from '../../lib/storage.ts';
import { usePageLanguage } from './public-frame.tsx';
import { PublicApiError, publicApi } from './public-api.ts';
import { applyPageLanguage } from './use-public-meeting.ts';
import { unsubscribeOutcome } from './unsubscribe-outcome.ts';
import './unsubscribe-i18n.ts';
import './public-page.css';

const LANGUAGES: readonly { code: Language; name: string; html: string }[] = [
  { code: 'zh-tw', name: '繁體中文', html: 'zh-TW' },
  { code: 'zh-cn', name: '简体中文', html: 'zh-CN' },
  { code: 'en', name: 'English', html: 'en' },
];

/** No meeting colours here: the product's blue, darkened to keep white text on it at 4.5:1. */
const COLOURS = {
  '--mf-primary': '#0958d9',
  '--mf-on-primary': '#ffffff',
  '--mf-focus': '#0958d9',
} as CSSProperties;

/**
 * The page's language: the visitor's own earlier pick, else the browser's languages (the link names
 * no meeting whose language order could decide), else zh-tw. Applied without recording it as a pick.
 */
function browserLanguage(): Language {
  const stored = readJson<unknown>('lang', null);
  return detectLanguage({
    stored: typeof stored === 'string' ? stored : null,
    appDefault: null,
    browser: typeof navigator === 'undefined' ? [] : navigator.languages,
  });
}

/** A refusal is kept as its kind (it follows a language switch), with the server's own text where that is what it says. */
type State =
  | { status: 'idle' | 'busy' | 'done' }
  | { status: 'failed'; outcome: ReturnType<typeof unsubscribeOutcome>; text: string };

/**
 * /unsubscribe/:token — the link at the foot of an organiser's broadcast. Nothing happens on opening
 * it (mail scanners open links): the guest presses the button, which POSTs the token, and reads what
 * still arrives. Plain markup, like the other visitor pages.
 */
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  // Another link opened in the same tab starts afresh.
  return <Unsubscribe key={token} token={token} />;
}

function Unsubscribe({ token }: { token: string }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<State>({ status: 'idle' });
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void applyPageLanguage(browserLanguage())
      .catch(() => undefined)
      .finally(() => setReady(true));
  }, []);

  // The button goes once it has done its work: the focus moves to what it did.
  useEffect(() => {
    if (state.status === 'done') doneRef.current?.focus();
  }, [state.status]);

  const unsubscribe = async () => {
    if (state.status === 'busy') return;
    setState({ status: 'busy' });
    try {
      await publicApi.unsubscribe(token);
      setState({ status: 'done' });
    } catch (error) {
      setState({
        status: 'failed',
        outcome: unsubscribeOutcome(error),
        text: error instanceof PublicApiError ? error.message : '',
      });
    }
  };

  if (!ready) {
    return (
      <main className="mf-pub" aria-busy="true" style={COLOURS}>
        <p className="mf-pub-status">
          <span className="mf-pub-spinner" aria-hidden="true" />
        </p>
      </main>
    );
  }

  return (
    <main className="mf-pub" style={COLOURS}>
      <div className="mf-pub-top">
        <nav className="mf-pub-langs" aria-label={t('unsub.language')} data-testid="public-lang-switch">
          {LANGUAGES.map(({ code, name, html }) => (
            <button
              key={code}
              type="button"
              lang={html}
              className="mf-pub-lang"
              aria-pressed={lang === code}
              data-testid={`public-lang-${code}`}
              onClick={() => void setLanguage(code).catch(() => undefined)}
            >
              {name}
            </button>
          ))}
        </nav>
      </div>
      <section className="mf-pub-card" aria-labelledby="pub-unsub-title" data-testid="unsubscribe-page">
        <h1 className="mf-pub-title mf-pub-card-title" id="pub-unsub-title" data-testid="page-title">
          {t('unsub.title')}
        </h1>
        <p className="mf-pub-intro">{t('unsub.intro')}</p>
        {state.status !== 'done' && (
          <button
            type="button"
            className="mf-pub-button mf-pub-block"
            disabled={state.status === 'busy'}
            onClick={() => void unsubscribe()}
            data-testid="unsubscribe-submit"
          >
            {state.status === 'busy' ? t('unsub.working') : t('unsub.submit')}
          </button>
        )}
        {/* Present before they speak, so that screen readers announce the answer when it comes. */}
        <div role="status">
          {state.status === 'done' && (
            <div className="mf-pub-success" tabIndex={-1} ref={doneRef} data-testid="unsubscribe-done">
              <p className="mf-pub-success-title">{t('unsub.done')}</p>
            </div>
          )}
        </div>
        <div role="alert">
          {state.status === 'failed' && (
            <p className="mf-pub-notice mf-pub-after" data-testid="unsubscribe-error">
              {state.outcome === 'server' ? state.text : t(`unsub.${state.outcome}`)}
            </p>
          )}
        </div>
      </section>
    </main>
  );
}
