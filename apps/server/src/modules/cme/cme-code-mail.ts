import { LANGUAGES, type Language, type Localized } from '@meetflow/shared/languages';
import type { Db } from '../../db/database.ts';
import type { JobRow } from '../jobs/jobs.service.ts';
import { messageIdOf } from '../mail/mail-signing.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import { codeOf } from './cme-access.ts';
import * as access from './cme-access.repository.ts';

/*
 * The `cme.code` job: the one-time code of the public transcript page, mailed to the address asked
 * for. The job carries the code row's id only; the address is read from the row and the code derived
 * again, so neither is in the outbox. A code spent or expired before its turn is not sent.
 */

const TEXT = {
  subject: {
    'zh-tw': '{code} 是您的學分紀錄驗證碼',
    'zh-cn': '{code} 是您的学分记录验证码',
    en: '{code} is your CME transcript code',
  },
  body: {
    'zh-tw':
      '您正在查看您的持續醫學教育學分紀錄。\n驗證碼：{code}\n驗證碼 15 分鐘內有效，只可使用一次。如非本人操作，請忽略此郵件。',
    'zh-cn':
      '您正在查看您的继续医学教育学分记录。\n验证码：{code}\n验证码 15 分钟内有效，只可使用一次。如非本人操作，请忽略此邮件。',
    en: 'You asked to see your CME transcript.\nCode: {code}\nThe code is valid for 15 minutes and once only. If this was not you, ignore this message.',
  },
} satisfies Record<string, Localized>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function codeMailHandler(deps: {
  db: Db;
  clock: () => number;
  transport: MailTransport;
  secret: string;
}) {
  return async (job: JobRow): Promise<void | { skipped: string }> => {
    const payload = JSON.parse(job.payload) as { id: number; language?: string };
    const row = await access.findCode(deps.db, payload.id);
    if (!row || row.used_at !== null || Number(row.expires_at) <= deps.clock())
      return { skipped: 'code no longer open' };
    const lang: Language = LANGUAGES.find((l) => l === payload.language) ?? 'zh-tw';
    const code = codeOf(deps.secret, { id: Number(row.id), created_at: Number(row.created_at) });
    const text = TEXT.body[lang].replaceAll('{code}', code);
    await deps.transport.send({
      to: row.email,
      subject: TEXT.subject[lang].replace('{code}', code),
      text,
      html: `<p>${escapeHtml(text).replaceAll('\n', '<br>')}</p>`,
      attachments: [],
      messageId: messageIdOf(job.idempotency_key),
    });
  };
}
