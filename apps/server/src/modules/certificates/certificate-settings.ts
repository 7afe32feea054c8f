import {
  certificateRule,
  certificateTemplate,
  type CertificateSettings,
  type CertificateSettingsInput,
} from '@meetflow/shared/schemas/certificates';
import type { FieldMessageKey } from '@meetflow/shared/field-messages';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import { AppError } from '../../lib/app-error.ts';
import { alignedAuditFields } from '../../lib/audit-fields.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import * as repo from './certificates.repository.ts';
import type { CertificatesDeps } from './certificates.service.ts';

/** A meeting's certificate rule and template: read, check and save (audited). */
export function createCertificateSettings(deps: CertificatesDeps) {
  const { db, clock, core } = deps;
  const { settingsOf, sessionNames } = core;

  return {
    async settings(user: AuthUser, meetingId: number): Promise<CertificateSettings> {
      await visibleMeeting(db, user, meetingId);
      return settingsOf(meetingId);
    },

    async saveSettings(
      actor: Actor,
      meetingId: number,
      input: CertificateSettingsInput,
    ): Promise<CertificateSettings> {
      const meeting = await visibleMeeting(db, actor.user, meetingId);
      const rule = certificateRule.parse(input.rule);
      const template = certificateTemplate.parse(input.template);
      const fields: Record<string, FieldMessageKey> = {};
      const sessions = await sessionNames(meeting.id);
      if (rule.required_session_ids.some((id) => !sessions.has(id)))
        fields['rule.required_session_ids'] = 'sessionNotInMeeting';
      if (rule.session_credits.some((entry) => !sessions.has(entry.schedule_id)))
        fields['rule.session_credits'] = 'sessionNotInMeeting';
      if (template.background_file_id) {
        const mime = await repo.findFileMime(db, template.background_file_id);
        if (mime !== 'image/jpeg' && mime !== 'image/png')
          fields['template.background_file_id'] = 'certificateBackgroundInvalid';
      }
      if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { data: { fields } });
      const { rule: ruleBefore, template: templateBefore, guest_download } = await settingsOf(meeting.id);
      // Each rule and template value that changed, by name ('rule.min_minutes', 'template.blocks.0.text').
      const changes = fieldChanges(
        ...alignedAuditFields(
          { rule: ruleBefore, template: templateBefore, guest_download },
          { rule, template, guest_download: input.guest_download },
        ),
      );
      await repo.saveSettings(db, {
        meeting_id: meeting.id,
        rule: JSON.stringify(rule),
        template: JSON.stringify(template),
        guest_download: input.guest_download ? 1 : 0,
        updated_by: actor.user.id,
        updated_at: clock(),
      });
      await deps.systemLog.record({
        action: 'update',
        source: 'admin',
        message: {
          key: 'certificates.settings_updated',
          params: { meeting_id: meeting.id, meeting_name: meeting.name },
        },
        username: actor.user.auditName,
        ip: actor.ip,
        changes,
      });
      return settingsOf(meeting.id);
    },
  };
}
