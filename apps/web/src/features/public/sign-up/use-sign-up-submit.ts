import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Language } from '@meetflow/shared/languages';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../lib/i18n.ts';
import { displayTextOrDefault } from '@meetflow/shared/display-text';
import type { ArrivalState } from '../arrival-note.ts';
import type { ErrorTexts } from '../components/form-fields.tsx';
import { errorMessage, usePageLanguage } from '../components/public-frame.tsx';
import { PUBLIC_ERROR_CODES, PublicApiError, publicApi, saveGuestToken } from '../public-api.ts';
import type { PublicErrorKey } from '../i18n.ts';
import type { FieldErrors } from './sign-up-form.ts';
import { clearDraft } from './sign-up-draft.ts';
import { signUpMode } from '../waitlist-state.ts';
import { forgetInvitation } from './use-invitation.ts';

/** Refusals that mean the seats changed since the page loaded: the meeting is read again. */
const SEATS_CHANGED: readonly number[] = [
  PUBLIC_ERROR_CODES.MEETING_FULL,
  PUBLIC_ERROR_CODES.SESSION_FULL,
  PUBLIC_ERROR_CODES.WAITLIST_FULL,
];
/** Refusals for a phone that is already known: the check-in page finds its place. */
const PHONE_KNOWN: readonly number[] = [
  PUBLIC_ERROR_CODES.ALREADY_SIGNED_UP,
  PUBLIC_ERROR_CODES.ALREADY_WAITING,
];

/**
 * A field's error: a key of the page's own rules, the words of the form engine (the meeting's own
 * fields, in any language), or the server's text.
 */
type ErrorEntry = { key: PublicErrorKey } | { words: (lang: Language) => string } | { text: string };

/** A message shown above the form (not tied to one field). */
export interface FormNotice {
  text: string;
  /** ALREADY_SIGNED_UP, ALREADY_WAITING: offer the check-in link. */
  checkIn?: boolean;
  code?: number;
  data?: unknown;
}

/**
 * Submission state shared by both sign-up forms: client errors, server field errors and notices,
 * and the success path (store the token, then the guest code page, or the waiting-list page when the
 * full meeting put the visitor on its list). `onStale` reads the meeting again when seats changed:
 * a meeting found full may now offer its waiting list, a session its own.
 */
export function useSignUpSubmit(
  meeting: PublicMeeting,
  onStale: () => void,
  invitationCode: string | null = null,
) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const navigate = useNavigate();
  // The page's own rules keep their message keys, so that a language switch translates them; the
  // server's field messages come already written (in the language of the attempt).
  const [entries, setEntries] = useState<Record<string, ErrorEntry>>({});
  const errors: ErrorTexts = Object.fromEntries(
    Object.entries(entries).map(([name, entry]) => [
      name,
      'key' in entry ? t(`pub.err.${entry.key}`) : 'words' in entry ? entry.words(lang) : entry.text,
    ]),
  );
  const setErrors = (texts: ErrorTexts) =>
    setEntries(Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, { text }])));
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusKey, setFocusKey] = useState(0);

  const showClientErrors = (
    fieldErrors: FieldErrors,
    answerErrors: Record<string, (lang: Language) => string> = {},
  ): boolean => {
    const next: Record<string, ErrorEntry> = {};
    for (const [name, key] of Object.entries(fieldErrors)) if (key) next[name] = { key };
    for (const [name, words] of Object.entries(answerErrors)) next[name] = { words };
    setEntries(next);
    setNotice(null);
    if (Object.keys(next).length > 0) {
      setFocusKey((k) => k + 1);
      return false;
    }
    return true;
  };

  const clearError = (name: string) =>
    setEntries((current) => {
      if (!current[name]) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });

  /** Posts the body; resolves to the failure (or null on success, after navigating away). */
  const submit = async (body: unknown): Promise<PublicApiError | Error | null> => {
    setBusy(true);
    setNotice(null);
    try {
      const sent = invitationCode ? { ...(body as object), invitation_code: invitationCode } : body;
      const result = await publicApi.signUp(meeting.public_id, sent);
      saveGuestToken(meeting.public_id, result.guest_token);
      // Signed up: what was typed is kept no longer, nor the invitation it used.
      clearDraft(meeting.public_id);
      forgetInvitation(meeting.public_id);
      // A guest (even one given a seat the moment they joined the list) sees the usual success,
      // told on the guest page itself; an applicant, that the organiser will decide.
      const applied = result.guest?.approval === 'pending' || Boolean(result.application);
      const arrival: ArrivalState = applied
        ? { note: 'applied' }
        : result.guest
          ? { note: 'signed_up' }
          : { joinedWaitlist: true };
      void navigate(`/enroll-info/${encodeURIComponent(meeting.public_id)}`, { state: arrival });
      return null;
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      if (failure instanceof PublicApiError && failure.code === PUBLIC_ERROR_CODES.VALIDATION_FAILED) {
        const fields = failure.fields;
        setErrors(fields);
        if (Object.keys(fields).length === 0) setNotice({ text: failure.message || t('pub.loadFailed') });
      } else {
        setErrors({});
        if (failure instanceof PublicApiError && SEATS_CHANGED.includes(failure.code)) onStale();
        setNotice({
          text: errorMessage(failure, t('pub.loadFailed'), t('pub.networkError')),
          checkIn: failure instanceof PublicApiError && PHONE_KNOWN.includes(failure.code),
          code: failure instanceof PublicApiError ? failure.code : undefined,
          data: failure instanceof PublicApiError ? failure.data : undefined,
        });
      }
      setFocusKey((k) => k + 1);
      return failure;
    } finally {
      setBusy(false);
    }
  };

  const joinsWaitlist = signUpMode(meeting) === 'waitlist';
  const submitLabel = joinsWaitlist
    ? t('pub.waitlist.join')
    : displayTextOrDefault(meeting.display_config, 'signup_button', lang);

  return {
    errors,
    setErrors,
    notice,
    setNotice,
    busy,
    focusKey,
    showClientErrors,
    clearError,
    submit,
    joinsWaitlist,
    submitLabel,
  };
}
