import { answerText } from '@meetflow/shared/forms/answer-text';
import { isAnswerField, localText, type FormField } from '@meetflow/shared/forms/form-definition';
import type { Answers } from '@meetflow/shared/forms/form-engine';
import { nameIn, type Language } from '@meetflow/shared/languages';
import type { BadgeQuery } from '@meetflow/shared/schemas/certificates';
import { meetingDisplayConfig } from '@meetflow/shared/schemas/meeting-display';
import type { Actor } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseAnswers, parseFields } from '../guests/guest-rules.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import type { BadgeGuest } from './badge-pdf.ts';
import { nameInLanguage } from './certificate-content.ts';
import type { CertificateFile } from './certificate-core.ts';
import * as repo from './certificates.repository.ts';
import type { PdfRenderer } from './pdf-renderer.ts';

/** Answers that say little without their question ("Yes", "3") are printed after its label. */
const LABELLED = new Set<FormField['type']>(['number', 'date', 'yes_no', 'consent', 'file']);

/** A badge's lines for the fields marked `on_badge`, in the badge's language; unanswered ones print none. */
export function badgeAnswers(fields: readonly FormField[], answers: Answers, lang: Language): string[] {
  return fields.flatMap((field) => {
    const text = answerText(field, answers[field.key], lang).trim();
    if (!text) return [];
    if (!LABELLED.has(field.type)) return [text];
    const label = localText(field.label, lang);
    return [lang === 'en' ? `${label}: ${text}` : `${label}：${text}`];
  });
}

/**
 * Name badges (issue 18): the meeting's guests, all or filtered, on label sheets, or the one guest
 * at the door. Names come in the order of the meeting's languages; colours from its display config.
 */
export function createBadgesService(deps: { db: Db; systemLog: SystemLog; renderer: PdfRenderer }) {
  const { db } = deps;

  async function badges(actor: Actor, meetingId: number, query: BadgeQuery): Promise<CertificateFile> {
    const meeting = await visibleMeeting(db, actor.user, meetingId);
    // Door staff print the badge of the guest in front of them, not the meeting's list.
    if (query.guest_id === undefined && !actor.user.permissions.includes('certificate:manage')) {
      throw new AppError('FORBIDDEN');
    }
    const config = meetingDisplayConfig.parse(
      JSON.parse((await repo.findDisplayConfig(db, meeting.id)) ?? '{}'),
    );
    const first = config.language_order[0] ?? 'zh-tw';
    const types = new Map((await repo.findUserTypes(db, meeting.id)).map((t) => [t.id, t]));
    let guests = await repo.findLiveGuests(
      db,
      meeting.id,
      query.guest_id === undefined ? undefined : [query.guest_id],
    );
    if (query.guest_id !== undefined && guests.length === 0) throw new AppError('NOT_FOUND');
    if (query.user_type_id !== undefined)
      guests = guests.filter((g) => g.user_type_id === query.user_type_id);
    if (query.keyword) {
      const needle = query.keyword.toLowerCase();
      guests = guests.filter((g) =>
        [g.name, g.name_zh, g.name_en, g.institution, g.organization].some((t) =>
          t.toLowerCase().includes(needle),
        ),
      );
    }
    // The meeting's fields for badges, and the answers of the guests printed: two reads for the sheet.
    // A retired field is no longer asked: its old answers stay stored but print no more.
    const onBadge = parseFields(await repo.findForm(db, meeting.id)).filter(
      (f) => f.on_badge && !f.retired && isAnswerField(f),
    );
    const answers =
      onBadge.length > 0
        ? await repo.findAnswers(db, meeting.id, query.guest_id === undefined ? undefined : [query.guest_id])
        : new Map<number, string>();
    const badgeGuests: BadgeGuest[] = guests.map((guest) => {
      const names = [...new Set(config.language_order.map((lang) => nameInLanguage(guest, lang)))];
      const type = guest.user_type_id === null ? undefined : types.get(guest.user_type_id);
      return {
        names,
        institution: guest.institution || guest.organization,
        answers: badgeAnswers(onBadge, parseAnswers(answers.get(guest.id)), first),
        userType: type ? nameIn(first, type.name, type.name_cn, type.name_en) : '',
        code: guest.guest_code,
      };
    });
    const bytes = await deps.renderer.badges(badgeGuests, query.layout, {
      meetingName: nameIn(first, meeting.name, meeting.name_cn, meeting.name_en),
      color: config.theme_color,
      script: first === 'zh-cn' ? 'sc' : 'tc',
    });
    await deps.systemLog.record({
      action: 'export',
      source: 'admin',
      message: {
        key: 'certificates.badges_printed',
        params: { meeting_id: meeting.id, count: badgeGuests.length },
      },
      username: actor.user.auditName,
      ip: actor.ip,
    });
    return { fileName: `badges-${meeting.id}-${query.layout}.pdf`, bytes };
  }

  return { badges };
}

export type BadgesService = ReturnType<typeof createBadgesService>;
