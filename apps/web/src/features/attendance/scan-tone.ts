/*
 * The short beep after each scan, made with the Web Audio API (no audio files to download). Each
 * result has its own pitch and rhythm so that door staff know the answer without looking: one high
 * beep for success, two middle beeps for a duplicate, one long low tone for a refusal.
 */

export type ScanTone = 'success' | 'duplicate' | 'refused';

export interface ToneShape {
  frequency: number;
  /** Each beep's length. */
  durationMs: number;
  beeps: number;
  gapMs: number;
  wave: OscillatorType;
}

export const TONES: Record<ScanTone, ToneShape> = {
  success: { frequency: 1320, durationMs: 120, beeps: 1, gapMs: 0, wave: 'sine' },
  duplicate: { frequency: 740, durationMs: 90, beeps: 2, gapMs: 70, wave: 'sine' },
  refused: { frequency: 220, durationMs: 380, beeps: 1, gapMs: 0, wave: 'square' },
};

/** Start offsets (seconds) of each beep of a tone. */
export function beepStarts(shape: ToneShape): number[] {
  return Array.from({ length: shape.beeps }, (_, i) => (i * (shape.durationMs + shape.gapMs)) / 1000);
}

type AudioContextConstructor = new () => AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor = (globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext) as
    AudioContextConstructor | undefined;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/**
 * Browsers keep audio suspended until a user gesture; the scan screen calls this from the click that
 * opens it so that the first scan already beeps.
 */
export function unlockAudio(): void {
  const ctx = audioContext();
  if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
}

export function playTone(tone: ScanTone, volume = 0.2): void {
  const ctx = audioContext();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const shape = TONES[tone];
  const now = ctx.currentTime;
  for (const offset of beepStarts(shape)) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = shape.wave;
    oscillator.frequency.value = shape.frequency;
    const start = now + offset;
    const end = start + shape.durationMs / 1000;
    // A quick fade in and out avoids the click of a hard start and stop.
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(volume, start + 0.01);
    gain.gain.setValueAtTime(volume, end - 0.02);
    gain.gain.linearRampToValueAtTime(0, end);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start);
    oscillator.stop(end + 0.01);
  }
}
