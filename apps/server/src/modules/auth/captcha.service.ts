import type { CaptchaResponse } from '@meetflow/shared/schemas/auth';
import type { Db } from '../../db/database.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';
import { randomToken, sha256 } from '../../lib/secure-random.ts';
import * as captchas from './captcha.repository.ts';

const TTL_SECONDS = 120;

const normalise = (answer: string) => answer.trim().toLowerCase();

// svg-captcha parses a font as it loads (opentype.js): loaded with the first captcha, not at start-up.
const loadSvgCaptcha = onFirstUse(async () => (await import('svg-captcha')).default);

export interface CaptchaOptions {
  enabled: boolean;
  /** Test-only fixed text (config refuses it outside NODE_ENV=test). */
  fixedAnswer: string | undefined;
}

/** Server-generated image captchas: single use, expiring, stored hashed in the shared database. */
export function createCaptchaService(db: Db, options: CaptchaOptions, clock: () => number) {
  return {
    enabled: options.enabled,

    async issue(): Promise<CaptchaResponse> {
      if (!options.enabled) return { enabled: false, captcha_id: null, image: null, expires_in: 0 };
      const svgCaptcha = await loadSvgCaptcha();
      // The package's default export renders given text, but its typings only declare create().
      const renderText = svgCaptcha as unknown as (text: string, options: object) => string;
      const now = clock();
      await captchas.deleteExpiredCaptchas(db, now);
      const captcha = options.fixedAnswer
        ? { text: options.fixedAnswer, data: renderText(options.fixedAnswer, { noise: 2 }) }
        : svgCaptcha.create({
            size: 4,
            noise: 3,
            ignoreChars: '0oO1ilI',
            color: true,
            background: '#f4f6fb',
          });
      const id = randomToken(16);
      await captchas.insertCaptcha(db, {
        id,
        answer_hash: sha256(normalise(captcha.text)),
        expires_at: now + TTL_SECONDS * 1000,
      });
      return {
        enabled: true,
        captcha_id: id,
        image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`,
        expires_in: TTL_SECONDS,
      };
    },

    /** True only for a known, unexpired captcha answered correctly; it is gone afterwards either way. */
    async check(id: string | undefined, answer: string | undefined): Promise<boolean> {
      if (!options.enabled) return true;
      if (!id || !answer) return false;
      const stored = await captchas.takeCaptcha(db, id);
      if (!stored || stored.expires_at < clock()) return false;
      return stored.answer_hash === sha256(normalise(answer));
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
