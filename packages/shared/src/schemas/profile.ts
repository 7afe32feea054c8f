import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { whenMissing } from './when-missing.ts';

/** PUT /api/me/profile: what users may change about themselves. Role and organisation are not here. */
export const updateProfileBody = z.strictObject({
  name: z
    .string({ error: whenMissing('nameRequired') })
    .trim()
    .min(1, 'nameRequired')
    .max(128),
  email: z.email('emailInvalid').max(254).nullable(),
  /** Applied at each login; null follows the browser and the app's default. */
  language: z.enum(LANGUAGES).nullable(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;
