import { useCallback, useEffect, useState } from 'react';
import type { Language } from '@meetflow/shared/languages';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { currentLanguage, setLanguage } from '../../lib/i18n.ts';
import { readJson, removeKey, writeJson } from '../../lib/storage.ts';
import { bannerSize } from './banner-size.ts';
import { ensurePublicStrings } from './i18n.ts';
import { linkedLanguage, pickPageLanguage } from './language-pick.ts';
import { PublicApiError, publicApi } from './public-api.ts';
import { isPreviewHash } from './sign-up/form-preview.ts';

export type MeetingState =
  | { status: 'loading' }
  | { status: 'error'; error: PublicApiError | Error }
  | { status: 'ready'; meeting: PublicMeeting };

/**
 * Switches a visitor page to `lang` without recording it as the visitor's own choice: only the
 * switcher (setLanguage) records a pick, so the next meeting opens in its own first language.
 */
export async function applyPageLanguage(lang: Language): Promise<void> {
  const stored = readJson<unknown>('lang', null);
  await ensurePublicStrings(lang);
  if (lang === currentLanguage()) return;
  await setLanguage(lang);
  if (stored == null) removeKey('lang');
  else writeJson('lang', stored);
}

/**
 * The language the link names, the visitor's earlier pick, or the meeting's first language. A
 * language named by the link (the guest's own, from their mail) is kept as the visitor's pick, so
 * the page it leads to (the look-up on another phone) stays in it; not so the organiser's preview
 * (`?preview=1&lang=en` in the builder's frame), which must leave the back office's language alone.
 */
async function applyMeetingLanguage(meeting: PublicMeeting): Promise<void> {
  const linked = linkedLanguage(window.location.hash);
  const lang = pickPageLanguage({
    order: meeting.display_config.language_order,
    multiLanguage: meeting.multi_language,
    stored: readJson<unknown>('lang', null),
    linked,
  });
  if (lang !== linked || isPreviewHash(window.location.hash)) return applyPageLanguage(lang);
  await ensurePublicStrings(lang);
  await setLanguage(lang);
}

/** Loads a meeting's public info, applies its language; `reload` re-fetches (seats left after an enrolment). */
export function usePublicMeeting(publicId: string) {
  const [state, setState] = useState<MeetingState>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    publicApi
      .meeting(publicId, controller.signal)
      .then(async (meeting) => {
        // The banner downloads beside the language's strings; the page waits for its size only.
        const banner = meeting.banner_file_id ? bannerSize(meeting.banner_file_id) : undefined;
        try {
          await applyMeetingLanguage(meeting);
        } catch {
          // A language chunk that fails to load leaves the current language: still usable.
        }
        await banner;
        if (!controller.signal.aborted) setState({ status: 'ready', meeting });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      });
    return () => controller.abort();
  }, [publicId, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setVersion((v) => v + 1);
  }, []);
  return { state, reload, retry };
}
