import { LANGUAGES } from '@meetflow/shared/languages';
import {
  EDITABLE_MAIL_TYPES,
  type MailPreview,
  type MailPreviewBody,
  type MailSettings,
  type MailSettingsBody,
} from '@meetflow/shared/schemas/mail';
import type { AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import { AppError } from '../../lib/app-error.ts';
import { alignedAuditFields } from '../../lib/audit-fields.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import { EXAMPLE_GUEST_ID, mayShowRealGuest, type MailComposer } from './mail-compose.ts';
import { MAIL_PLACEHOLDERS } from './mail-render-content.ts';
import type { RenderedMail } from './mail-render-types.ts';
import { defaultMailText } from './mail-texts.ts';
import type { MailDeps } from './mail.service.ts';
import * as repo from './mail.repository.ts';

type SettingsDeps = Pick<MailDeps, 'db' | 'clock' | 'systemLog' | 'transport'> & { composer: MailComposer };

/** A meeting's mail settings and texts in the back office, and the preview of a message. */
export function createMailSettings(deps: SettingsDeps) {
  const { db, clock, systemLog, composer } = deps;

  async function getSettings(user: AuthUser, meetingId: number): Promise<MailSettings> {
    await visibleMeeting(db, user, meetingId);
    return {
      ...(await composer.settingsOf(meetingId)),
      defaults: Object.fromEntries(
        EDITABLE_MAIL_TYPES.map((type) => [
          type,
          Object.fromEntries(LANGUAGES.map((lang) => [lang, defaultMailText(type, lang)])),
        ]),
      ) as MailSettings['defaults'],
      placeholders: [...MAIL_PLACEHOLDERS],
      mail_server_configured: deps.transport !== undefined,
    };
  }

  async function saveSettings(
    user: AuthUser,
    meetingId: number,
    body: MailSettingsBody,
    ip: string,
  ): Promise<MailSettings> {
    const meeting = await visibleMeeting(db, user, meetingId);
    // The audit entry names each setting and text that changed ('templates.reminder.en.subject').
    const changes = fieldChanges(
      ...alignedAuditFields(await composer.settingsOf(meetingId), {
        confirmation_enabled: body.confirmation_enabled,
        reminder_hours: body.reminder_hours,
        lookup_code_by_email: body.lookup_code_by_email ?? false,
        templates: body.templates,
      }),
    );
    await db.transaction().execute(async (trx) => {
      await repo.saveSettings(trx, {
        meeting_id: meetingId,
        confirmation_enabled: body.confirmation_enabled ? 1 : 0,
        reminder_hours: body.reminder_hours,
        lookup_code_by_email: body.lookup_code_by_email ? 1 : 0,
        templates: JSON.stringify(body.templates),
        updated_at: clock(),
      });
      await systemLog.record(
        {
          action: 'update',
          source: 'admin',
          message: {
            key: 'mail.settings_updated',
            params: { meeting_id: meetingId, meeting_name: meeting.name },
          },
          username: user.auditName,
          ip,
          changes,
        },
        trx,
      );
    });
    return getSettings(user, meetingId);
  }

  /**
   * A message as a guest would get it: the meeting's first guest to a user who may see its guests,
   * else (or when it has none) an example guest. The guest code is an entry ticket.
   */
  async function preview(user: AuthUser, meetingId: number, body: MailPreviewBody): Promise<MailPreview> {
    await visibleMeeting(db, user, meetingId);
    const settings = await composer.settingsOf(meetingId);
    const guest = await composer.sampleGuest(meetingId, mayShowRealGuest(user));
    if (!guest) throw new AppError('NOT_FOUND');
    const context = await composer.contextOf(guest, { type: body.type }, settings.templates, body.language);
    if (body.text) context.template = body.text;
    const mail: RenderedMail = await composer.render(context);
    // A browser cannot resolve cid: references: the preview carries the QR code itself.
    const qr = mail.attachments.find((a) => a.cid);
    const html = qr
      ? mail.html.replaceAll(
          `cid:${qr.cid}`,
          `data:${qr.contentType};base64,${qr.content.toString('base64')}`,
        )
      : mail.html;
    return { subject: mail.subject, html, text: mail.text, example_guest: guest.id === EXAMPLE_GUEST_ID };
  }

  return { getSettings, saveSettings, preview };
}
