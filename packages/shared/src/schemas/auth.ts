import { z } from 'zod';
import { PERMISSIONS } from '../permissions.ts';
import { LANGUAGES } from '../languages.ts';

export const captchaResponse = z.object({
  enabled: z.boolean(),
  captcha_id: z.string().nullable(),
  /** An SVG image as a data URL, shown as <img>; never inlined as markup. */
  image: z.string().nullable(),
  expires_in: z.number().int(),
});
export type CaptchaResponse = z.infer<typeof captchaResponse>;

export const loginBody = z.strictObject({
  account: z.string().trim().min(1, 'accountRequired').max(64),
  password: z.string().min(1, 'passwordRequired').max(128),
  captcha_id: z.string().max(64).optional(),
  verify_code: z.string().trim().max(16).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const tokenInfo = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Lifetime of the access token in seconds. */
  expires_in: z.number().int(),
  /** Issue time in ms since the epoch: the token expires at login_time + expires_in * 1000. */
  login_time: z.number().int(),
});
export type TokenInfo = z.infer<typeof tokenInfo>;

export const userInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  language: z.enum(LANGUAGES).nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** null: every organisation; otherwise the user works within this organisation's subtree. */
  organization_id: z.number().int().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginResponse = z.object({ token: tokenInfo, user: userInfo });
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshResponse = z.object({ token: tokenInfo });
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const changePasswordBody = z.strictObject({
  old_password: z.string().min(1, 'passwordRequired').max(128),
  new_password: z.string().min(8, 'passwordTooWeak').max(128),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
