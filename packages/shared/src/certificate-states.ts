import type { Localized } from './languages.ts';

/** Where a guest stands with their certificate of attendance (issue 18); zod-free for every page. */
export const CERTIFICATE_STATES = ['not_earned', 'earned', 'issued', 'revoked'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

/** The states in words, as lists and exports write them. */
export const CERTIFICATE_STATE_TEXT: Record<CertificateState, Localized> = {
  not_earned: { 'zh-tw': '未達標', 'zh-cn': '未达标', en: 'Not earned' },
  earned: { 'zh-tw': '已達標', 'zh-cn': '已达标', en: 'Earned' },
  issued: { 'zh-tw': '已發出', 'zh-cn': '已发出', en: 'Issued' },
  revoked: { 'zh-tw': '已撤銷', 'zh-cn': '已撤销', en: 'Revoked' },
};
