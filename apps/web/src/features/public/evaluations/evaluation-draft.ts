import { storageKey } from '../../../lib/storage.ts';

/**
 * What a guest has answered so far, kept in the tab's session storage per evaluation (as sign-up
 * drafts are) so a reload or a switch to another app loses nothing; cleared once the answers are
 * received. It stays on the device, in the tab, and ends with it.
 */

const draftKey = (id: number) => storageKey(`evaluation_${id}`);

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage refused (sandboxed frame, privacy mode): the form just forgets on reload.
    return null;
  }
}

export function readEvaluationDraft(id: number): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(session()?.getItem(draftKey(id)) ?? 'null');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function saveEvaluationDraft(id: number, answers: Record<string, unknown>): void {
  try {
    session()?.setItem(draftKey(id), JSON.stringify(answers));
  } catch {
    // Full or refused: the draft is a convenience only.
  }
}

export function clearEvaluationDraft(id: number): void {
  try {
    session()?.removeItem(draftKey(id));
  } catch {
    // Nothing to clear.
  }
}
