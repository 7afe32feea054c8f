import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PublicInvitation } from '@meetflow/shared/schemas/invitations';
import { publicApi } from '../public-api.ts';

/** The tab's copy of the code while the form is filled in (sessionStorage: gone with the tab). */
const storeKey = (publicId: string) => `mf_invitation_${publicId}`;

function stored(publicId: string): string | null {
  try {
    return window.sessionStorage.getItem(storeKey(publicId));
  } catch {
    return null;
  }
}

function store(publicId: string, code: string | null): void {
  try {
    if (code) window.sessionStorage.setItem(storeKey(publicId), code);
    else window.sessionStorage.removeItem(storeKey(publicId));
  } catch {
    // Storage refused (private mode): the code lives in the page's state only.
  }
}

/** Forgets the tab's invitation code (after the sign-up that used it). */
export function forgetInvitation(publicId: string): void {
  store(publicId, null);
}

export type InvitationState =
  | { status: 'none' }
  | { status: 'checking'; code: string }
  | { status: 'checked'; code: string; answer: PublicInvitation }
  | { status: 'failed'; code: string };

/**
 * The invitation of the sign-up page (issue 45): a personal link's `?invitation=` or a typed code.
 * The code is a secret: it is taken out of the address at once (the error log and the browser's
 * history keep addresses) and kept for this tab, checked by a POST, and sent in the sign-up body.
 */
export function useInvitation(publicId: string) {
  const [params, setParams] = useSearchParams();
  const fromLink = params.get('invitation');
  const [kept, setKept] = useState<string | null>(() => fromLink ?? stored(publicId));
  const code = fromLink ?? kept;
  // The check's answer for the code it was asked about: a newer code shows as being checked.
  const [result, setResult] = useState<{ code: string; answer: PublicInvitation | null } | null>(null);

  useEffect(() => {
    if (!fromLink) return;
    store(publicId, fromLink);
    const next = new URLSearchParams(params);
    next.delete('invitation');
    setParams(next, { replace: true });
  }, [fromLink, params, publicId, setParams]);

  useEffect(() => {
    if (!code) return;
    let live = true;
    publicApi.checkInvitation(publicId, code).then(
      (answer) => live && setResult({ code, answer }),
      () => live && setResult({ code, answer: null }),
    );
    return () => {
      live = false;
    };
  }, [code, publicId]);

  const state: InvitationState = !code
    ? { status: 'none' }
    : result?.code !== code
      ? { status: 'checking', code }
      : result.answer
        ? { status: 'checked', code, answer: result.answer }
        : { status: 'failed', code };

  const apply = useCallback(
    (typed: string | null) => {
      const next = typed?.trim() || null;
      store(publicId, next);
      setKept(next);
    },
    [publicId],
  );

  /** The code the sign-up sends: only one the check accepted. */
  const accepted = state.status === 'checked' && state.answer.valid ? state.code : null;
  return { state, apply, accepted };
}
export type InvitationChoice = ReturnType<typeof useInvitation>;

/**
 * The meeting as an invitee sees it: a full meeting is open to one whose invitation still finds a
 * seat (reserved for invitees, or past the limit), so the page shows the form, not "full" or the
 * waiting list; the sign-up's own lock decides. Anything else is shown as it is.
 */
export function meetingForInvitee<M extends { status: string }>(meeting: M, state: InvitationState): M {
  const seated = state.status === 'checked' && state.answer.valid && state.answer.seat_past_public;
  return seated && meeting.status === 'full' ? { ...meeting, status: 'open' } : meeting;
}
