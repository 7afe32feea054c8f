import { describe, expect, it } from 'vitest';
import {
  EMPTY_SCAN_KEYS,
  acceptsUnfocusedSubmit,
  isCharacterKey,
  normalizeCode,
  pressKey,
  typedText,
  type ScanKeyState,
  type Submitted,
} from './scan-keys.ts';

/** Types `text` one key every `gapMs` from `start`, then Enter after the same gap. */
function type(text: string, gapMs: number, start = 1000, state: ScanKeyState = EMPTY_SCAN_KEYS) {
  let at = start;
  let current = state;
  for (const key of text) {
    current = pressKey(current, key, at).state;
    at += gapMs;
  }
  return { state: current, result: pressKey(current, 'Enter', at), at };
}

describe('scan keystrokes', () => {
  it('takes a scanner burst ending in Enter as one code', () => {
    const { result } = type('Qm3x_9-Ab', 8);
    expect(result.submitted).toEqual<Submitted>({ code: 'Qm3x_9-Ab', burst: true });
    expect(result.state).toEqual(EMPTY_SCAN_KEYS);
  });

  it('takes slow typing as a hand-typed code', () => {
    const { result } = type('ABCD1234', 250);
    expect(result.submitted).toEqual<Submitted>({ code: 'ABCD1234', burst: false });
  });

  it('ignores Enter on an empty field', () => {
    expect(pressKey(EMPTY_SCAN_KEYS, 'Enter', 5).submitted).toBeNull();
    const spaces = pressKey(pressKey(EMPTY_SCAN_KEYS, ' ', 1).state, 'Enter', 2);
    expect(spaces.submitted).toBeNull();
  });

  it('drops stale text when a new scan starts long after it', () => {
    const leftover = type('xy', 200).state;
    const { result } = type('REALCODE', 5, 60_000, leftover);
    expect(result.submitted?.code).toBe('REALCODE');
    expect(result.submitted?.burst).toBe(true);
  });

  it('keeps text typed with ordinary pauses', () => {
    const { result } = type('ABC', 2000);
    expect(result.submitted?.code).toBe('ABC');
  });

  it('Backspace removes a character and the code is no longer a burst', () => {
    let state = type('ABCDE', 5).state;
    state = pressKey(state, 'Backspace', 2000).state;
    const result = pressKey(state, 'Enter', 2010);
    expect(result.submitted).toEqual<Submitted>({ code: 'ABCD', burst: false });
  });

  it('Escape clears the field and other keys change nothing', () => {
    const state = type('ABC', 5).state;
    expect(pressKey(state, 'Shift', 2000).state).toBe(state);
    expect(pressKey(state, 'Escape', 2000).state).toEqual(EMPTY_SCAN_KEYS);
  });

  it('one slow gap inside a burst makes it hand-typed', () => {
    let state = EMPTY_SCAN_KEYS;
    state = pressKey(state, 'A', 0).state;
    state = pressKey(state, 'B', 5).state;
    state = pressKey(state, 'C', 500).state;
    state = pressKey(state, 'D', 505).state;
    expect(pressKey(state, 'Enter', 510).submitted?.burst).toBe(false);
  });

  it('only bursts of a few characters are accepted when the field is not focused', () => {
    expect(acceptsUnfocusedSubmit(type('ABCDEFGH', 5).result.submitted)).toBe(true);
    expect(acceptsUnfocusedSubmit(type('AB', 5).result.submitted)).toBe(false);
    expect(acceptsUnfocusedSubmit(type('ABCDEFGH', 300).result.submitted)).toBe(false);
    expect(acceptsUnfocusedSubmit(null)).toBe(false);
  });

  it('text from paste or an on-screen keyboard counts as typed by hand', () => {
    const state = typedText('PASTED', 100);
    expect(pressKey(state, 'Enter', 101).submitted).toEqual<Submitted>({ code: 'PASTED', burst: false });
    expect(typedText('', 100)).toEqual({ text: '', lastAt: null, burst: false });
  });

  it('strips the whitespace some scanners add', () => {
    expect(normalizeCode(' abc\r\n')).toBe('abc');
    expect(normalizeCode('ab\tcd')).toBe('abcd');
  });

  it('knows which keys add characters', () => {
    expect(isCharacterKey({ key: 'a' })).toBe(true);
    expect(isCharacterKey({ key: 'a', ctrlKey: true })).toBe(false);
    expect(isCharacterKey({ key: 'Shift' })).toBe(false);
    expect(isCharacterKey({ key: 'F2' })).toBe(false);
  });
});
