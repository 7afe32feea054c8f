/*
 * Keystrokes of a door station. A scanner gun is a keyboard that types the QR content in one fast
 * burst and presses Enter; people type slowly. The rules here are pure so that they can be tested
 * without a browser: the scan panel feeds them key events with their times.
 */

export interface ScanKeyOptions {
  /**
   * Text left in the field for longer than this is thrown away when a new key arrives: a half-typed
   * code from a minute ago must not prefix the next scan.
   */
  staleAfterMs: number;
  /** Gaps at or under this between keys count as one machine burst. */
  burstGapMs: number;
  /** Shorter bursts (a stray key or two) are not taken for a scan when the field is not focused. */
  minBurstLength: number;
}

export const SCAN_KEY_DEFAULTS: ScanKeyOptions = { staleAfterMs: 3000, burstGapMs: 80, minBurstLength: 4 };

export interface ScanKeyState {
  text: string;
  /** Time of the last key, or null before the first one. */
  lastAt: number | null;
  /** Every gap since the first character was within burstGapMs. */
  burst: boolean;
}

export const EMPTY_SCAN_KEYS: ScanKeyState = { text: '', lastAt: null, burst: true };

export interface Submitted {
  code: string;
  /** The code arrived as one machine burst (a scanner), not typed by hand. */
  burst: boolean;
}

export interface KeyResult {
  state: ScanKeyState;
  /** Set when Enter completed a non-empty code. */
  submitted: Submitted | null;
}

/** Scanners may add a CR, LF or tab; codes never contain whitespace. */
export function normalizeCode(raw: string): string {
  return raw.replace(/\s+/g, '');
}

/** A key that adds a character (not Shift, F2, arrows, or a shortcut with Ctrl/Meta/Alt). */
export function isCharacterKey(event: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

export function isSubmitKey(key: string): boolean {
  return key === 'Enter';
}

/** Applies one key pressed at `at` (ms). Keys other than characters, Enter, Backspace and Escape change nothing. */
export function pressKey(
  state: ScanKeyState,
  key: string,
  at: number,
  options: ScanKeyOptions = SCAN_KEY_DEFAULTS,
): KeyResult {
  if (isSubmitKey(key)) {
    const code = normalizeCode(state.text);
    return {
      state: EMPTY_SCAN_KEYS,
      submitted: code ? { code, burst: state.burst && code.length >= options.minBurstLength } : null,
    };
  }
  if (key === 'Escape') return { state: EMPTY_SCAN_KEYS, submitted: null };
  if (key === 'Backspace') {
    return { state: { text: state.text.slice(0, -1), lastAt: at, burst: false }, submitted: null };
  }
  if (key.length !== 1) return { state, submitted: null };

  const gap = state.lastAt === null ? null : at - state.lastAt;
  if (state.text === '' || gap === null || gap > options.staleAfterMs) {
    return { state: { text: key, lastAt: at, burst: true }, submitted: null };
  }
  return {
    state: { text: state.text + key, lastAt: at, burst: state.burst && gap <= options.burstGapMs },
    submitted: null,
  };
}

/**
 * Text that reached the field some other way (paste, a phone's on-screen keyboard, which reports
 * no usable key names): taken as typed by hand.
 */
export function typedText(text: string, at: number): ScanKeyState {
  return { text, lastAt: text ? at : null, burst: false };
}

/**
 * Keys that arrive while focus is elsewhere on the scan screen are collected too, but only a real
 * burst becomes a scan: a person pressing a key on a button must not send anything.
 */
export function acceptsUnfocusedSubmit(submitted: Submitted | null): submitted is Submitted {
  return submitted !== null && submitted.burst;
}
