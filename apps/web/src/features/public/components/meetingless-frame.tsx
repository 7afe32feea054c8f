import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import { detectLanguage } from '../../../lib/language.ts';
import { readJson } from '../../../lib/storage.ts';
import { linkedLanguage } from '../language-pick.ts';
import { LanguageSwitch } from './public-frame.tsx';
import { applyPageLanguage } from '../use-public-meeting.ts';
import '../public-page.css';

/** No meeting colours here: the product's blue, darkened to keep white text on it at 4.5:1. */
const PRODUCT_COLOURS = {
  '--mf-primary': '#0958d9',
  '--mf-on-primary': '#ffffff',
  '--mf-focus': '#0958d9',
} as CSSProperties;

/**
 * The page's language: the one the link names (a mail's: the guest's own), else the visitor's own
 * earlier pick, else the browser's languages (the link names no meeting whose language order could
 * decide), else zh-tw. Applied without recording it as a pick.
 */
function browserLanguage(): Language {
  const linked = linkedLanguage(window.location.hash);
  if (linked) return linked;
  const stored = readJson<unknown>('lang', null);
  return detectLanguage({
    stored: typeof stored === 'string' ? stored : null,
    appDefault: null,
    browser: typeof navigator === 'undefined' ? [] : navigator.languages,
  });
}

/**
 * `<main>` of a visitor page that belongs to no meeting (unsubscribe, certificate verification): the
 * product's colours, the three languages, and the content once the page's language is in place.
 */
export function MeetinglessFrame({
  languageLabel,
  children,
}: {
  languageLabel: string;
  children: ReactNode;
}) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void applyPageLanguage(browserLanguage())
      .catch(() => undefined)
      .finally(() => setReady(true));
  }, []);

  if (!ready) {
    return (
      <main className="mf-pub" aria-busy="true" style={PRODUCT_COLOURS}>
        <p className="mf-pub-status">
          <span className="mf-pub-spinner" aria-hidden="true" />
        </p>
      </main>
    );
  }
  return (
    <main className="mf-pub" style={PRODUCT_COLOURS}>
      <div className="mf-pub-top">
        <LanguageSwitch languages={LANGUAGES} label={languageLabel} />
      </div>
      {children}
    </main>
  );
}
