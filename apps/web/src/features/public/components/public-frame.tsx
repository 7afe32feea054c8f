import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { nameIn, type Language } from '@meetflow/shared/languages';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { currentLanguage, setLanguage, useTranslation } from '../../../lib/i18n.ts';
import { differsFromBrowserZone, zoneOffset } from '../../../lib/date-time.ts';
import { focusColorOn, formatRange, readableTextOn } from '../display.ts';
import { offeredLanguages } from '../language-pick.ts';
import { fileUrl, NETWORK_FAILURE, PUBLIC_ERROR_CODES, PublicApiError } from '../public-api.ts';
import type { MeetingState } from '../use-public-meeting.ts';
import { knownBannerSize } from '../banner-size.ts';
import { ensurePublicStrings } from '../i18n.ts';
import '../public-page.css';

// The strings of a language picked on an earlier visit, while the meeting loads.
void ensurePublicStrings(currentLanguage()).catch(() => undefined);

/** The visitor's own pick: its strings first, then the switch (which records the choice). */
async function switchLanguage(lang: Language): Promise<void> {
  try {
    await ensurePublicStrings(lang);
    await setLanguage(lang);
  } catch {
    // Offline: the page stays in its language.
  }
}

const LANGUAGE_NAMES: Record<Language, string> = { 'zh-tw': '繁體中文', 'zh-cn': '简体中文', en: 'English' };
const HTML_LANG: Record<Language, string> = { 'zh-tw': 'zh-TW', 'zh-cn': 'zh-CN', en: 'en' };

/** The current UI language, re-rendering on a switch. */
export function usePageLanguage(): Language {
  const { i18n } = useTranslation();
  void i18n.language;
  return currentLanguage();
}

/** Sets the document title to the meeting name (after the shell's own title effect). */
function useDocumentTitle(title: string | undefined) {
  const lang = usePageLanguage();
  useEffect(() => {
    if (!title) return;
    const timer = setTimeout(() => {
      document.title = title;
    }, 0);
    return () => clearTimeout(timer);
  }, [title, lang]);
}

/** The buttons that switch the page's language, when there is more than one to choose from. */
export function LanguageSwitch({ languages, label }: { languages: readonly Language[]; label: string }) {
  const lang = usePageLanguage();
  if (languages.length < 2) return null;
  return (
    <nav className="mf-pub-langs" aria-label={label} data-testid="public-lang-switch">
      {languages.map((code) => (
        <button
          key={code}
          type="button"
          lang={HTML_LANG[code]}
          className="mf-pub-lang"
          aria-pressed={lang === code}
          data-testid={`public-lang-${code}`}
          onClick={() => void switchLanguage(code)}
        >
          {LANGUAGE_NAMES[code]}
        </button>
      ))}
    </nav>
  );
}

/** `<main>` of every visitor page: the meeting's colours, the language switch and the content. */
export function PublicFrame({ meeting, children }: { meeting: PublicMeeting; children: ReactNode }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  useDocumentTitle(nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en));
  const config = meeting.display_config;
  const style = {
    '--mf-primary': config.theme_color,
    '--mf-on-primary': readableTextOn(config.theme_color),
    '--mf-focus': focusColorOn(config.theme_color),
    '--mf-hint': config.hint_text_color,
    '--mf-schedule-text': config.schedule_text_color,
  } as CSSProperties;
  return (
    <main className="mf-pub" style={style}>
      <div className="mf-pub-top">
        <LanguageSwitch
          languages={offeredLanguages(config.language_order, meeting.multi_language)}
          label={t('pub.language')}
        />
      </div>
      {children}
    </main>
  );
}

/** Banner, name (the page's h1), time and location. */
export function MeetingHeader({ meeting, subtitle }: { meeting: PublicMeeting; subtitle?: string }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const location = nameIn(lang, meeting.location, meeting.location_cn, meeting.location_en);
  // Its width and height give the banner's box its shape before the picture has arrived (see banner-size.ts).
  const banner = meeting.banner_file_id ? knownBannerSize(meeting.banner_file_id) : undefined;
  return (
    <header className="mf-pub-head">
      {meeting.banner_file_id && (
        <img
          className="mf-pub-banner"
          src={fileUrl(meeting.banner_file_id)}
          width={banner?.width}
          height={banner?.height}
          fetchPriority="high"
          alt=""
          data-testid="public-banner"
        />
      )}
      <h1 className="mf-pub-title" data-testid="page-title">
        {nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en)}
      </h1>
      {subtitle && <p className="mf-pub-subtitle">{subtitle}</p>}
      <dl className="mf-pub-meta">
        <div>
          <dt>{t('pub.time')}</dt>
          <dd>
            <span data-testid="public-time">
              {formatRange(meeting.start_at, meeting.end_at, meeting.time_zone, lang)}
            </span>
            {differsFromBrowserZone(meeting.start_at, meeting.time_zone) && (
              <span className="mf-pub-zone" data-testid="public-time-zone">
                {t('pub.zoneNote', {
                  zone: meeting.time_zone,
                  offset: zoneOffset(meeting.start_at, meeting.time_zone),
                })}
              </span>
            )}
          </dd>
        </div>
        {location && (
          <div>
            <dt>{t('pub.location')}</dt>
            <dd>{location}</dd>
          </div>
        )}
      </dl>
    </header>
  );
}

/** Loading and failure states before a meeting is known. */
export function MeetingLoadState({ state, onRetry }: { state: MeetingState; onRetry: () => void }) {
  const { t } = useTranslation();
  if (state.status === 'loading') {
    return (
      <main className="mf-pub" aria-busy="true">
        <p className="mf-pub-status" role="status" data-testid="public-loading">
          <span className="mf-pub-spinner" aria-hidden="true" />
          {t('pub.loading')}
        </p>
      </main>
    );
  }
  if (state.status !== 'error') return null;
  const error = state.error;
  const noMeeting = error instanceof PublicApiError && error.code === PUBLIC_ERROR_CODES.NO_MEETING;
  return (
    <main className="mf-pub">
      <section
        className="mf-pub-card mf-pub-center"
        data-testid={noMeeting ? 'public-no-meeting' : 'public-load-error'}
      >
        <h1 className="mf-pub-title" data-testid="page-title">
          {noMeeting ? t('pub.noMeeting') : t('pub.loadFailed')}
        </h1>
        {!noMeeting && (
          <button type="button" className="mf-pub-button" onClick={onRetry}>
            {t('pub.retry')}
          </button>
        )}
      </section>
    </main>
  );
}

/** A failure's text: the server's localised message, else our own. */
export function errorMessage(error: unknown, fallback: string, networkText: string): string {
  if (error instanceof PublicApiError) {
    if (error.code === NETWORK_FAILURE) return networkText;
    return error.message || fallback;
  }
  return fallback;
}
