import type { FieldMessageKey } from '@meetflow/shared/field-messages';
import { linkInLanguage, matchLanguage } from '@meetflow/shared/languages';
import {
  PERSONAL_CODE_LENGTH,
  type Invitation,
  type PersonalInvitationsResult,
  personalInvitationsBody,
} from '@meetflow/shared/schemas/invitations';
import type { z } from 'zod';
import type { Actor } from '../../core/auth-user.ts';
import { visibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import { isUserTypeOfMeeting, userTypeNames } from '../dictionary/dictionary.reads.ts';
import type { InvitationMail, MailService } from '../mail/mail.service.ts';
import { liveMeetingById } from '../meetings/meetings.reads.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import * as repo from './invitations.repository.ts';
import { generateCode, invitationOf } from './invitations.service.ts';

export type PersonalInvitationsInput = z.output<typeof personalInvitationsBody>;

export interface PersonalInvitationsDeps {
  db: Db;
  clock: () => number;
  systemLog: SystemLog;
  mail: Pick<MailService, 'queueInvitation' | 'kick'>;
  publicUrl: string;
  /** Imports and resends per organiser account: each may hand hundreds of mails to the outbox. */
  mailPerUser: Limiter;
}

/**
 * Personal invitations (issue 45): an imported list of invitees, each given a single-use code of
 * their own (PERSONAL_CODE_LENGTH letters from the CSPRNG) and a mail with their sign-up link. The
 * link carries the code in the address's fragment (the hash route's query), which browsers never
 * send to a server, so no request log holds it.
 */
export function createPersonalInvitations(deps: PersonalInvitationsDeps) {
  const { db, clock, systemLog, mail } = deps;

  async function typeProblems(meetingId: number, body: PersonalInvitationsInput) {
    const fields: Record<string, FieldMessageKey> = {};
    const known = new Map<number, boolean>();
    const isOfMeeting = async (id: number) => {
      if (!known.has(id)) known.set(id, await isUserTypeOfMeeting(db, id, meetingId));
      return known.get(id);
    };
    if (body.user_type_id !== null && !(await isOfMeeting(body.user_type_id)))
      fields.user_type_id = 'invitationTypeNotInMeeting';
    const seen = new Set<string>();
    for (const [i, row] of body.invitees.entries()) {
      if (row.user_type_id !== null && !(await isOfMeeting(row.user_type_id)))
        fields[`invitees.${i}.user_type_id`] = 'invitationTypeNotInMeeting';
      if (seen.has(row.email)) fields[`invitees.${i}.email`] = 'inviteeEmailTwice';
      seen.add(row.email);
    }
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { data: { fields } });
  }

  return {
    /**
     * Imports a list: one invitation and one queued mail per new address, in one transaction (all
     * or none); addresses the meeting has already invited are left alone and named in the answer.
     */
    async importList(actor: Actor, meetingId: number, body: PersonalInvitationsInput) {
      const meeting = await visibleMeeting(db, actor.user, meetingId);
      await deps.mailPerUser.consume(String(actor.user.id));
      await typeProblems(meeting.id, body);
      const already = new Set(
        await repo.invitedEmails(
          db,
          meeting.id,
          body.invitees.map((i) => i.email),
        ),
      );
      const now = clock();
      const ids = await db.transaction().execute(async (trx) => {
        const made: number[] = [];
        for (const row of body.invitees) {
          if (already.has(row.email)) continue;
          // About 93 bits: a clash with the meeting's codes would fail the list as a whole, not
          // reuse a code; at this size it does not happen.
          const id = await repo.insert(trx, {
            meeting_id: meeting.id,
            code: generateCode(PERSONAL_CODE_LENGTH),
            kind: 'personal',
            seats: body.seats,
            user_type_id: row.user_type_id ?? body.user_type_id,
            max_uses: 1,
            valid_until: body.valid_until,
            enabled: 1,
            note: '',
            invitee_name: row.name,
            invitee_email: row.email,
            language: row.language ?? body.language,
            sent_at: now,
            created_at: now,
            updated_at: now,
          });
          await mail.queueInvitation(trx, { invitationId: id, meetingId: meeting.id, at: now });
          made.push(id);
        }
        // One entry for the list: the invitees' names and addresses stay out of the log.
        await systemLog.record(
          {
            action: 'create',
            source: 'admin',
            message: {
              key: 'invitations.personal_imported',
              params: { meeting_id: meeting.id, count: made.length },
            },
            username: actor.user.auditName,
            ip: actor.ip,
          },
          trx,
        );
        return made;
      });
      mail.kick();
      const created: Invitation[] = [];
      for (const id of ids) {
        const row = await repo.findById(db, id);
        if (row) created.push(invitationOf(row));
      }
      return { created, already_invited: [...already] } satisfies PersonalInvitationsResult;
    },

    /** The invitee's mail again (a lost or filtered mail); refused once the invitation is used. */
    async resend(actor: Actor, id: number): Promise<Invitation> {
      const row = await repo.findById(db, id);
      if (!row || row.kind !== 'personal') throw new AppError('NOT_FOUND');
      const meeting = await visibleMeeting(db, actor.user, Number(row.meeting_id));
      if (Number(row.used_count) >= Number(row.max_uses)) throw new AppError('INVITATION_USED_UP');
      if (!row.invitee_email) throw new AppError('NOT_FOUND');
      await deps.mailPerUser.consume(String(actor.user.id));
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await repo.markSent(trx, id, now);
        await mail.queueInvitation(trx, { invitationId: id, meetingId: meeting.id, at: now });
        await systemLog.record(
          {
            action: 'update',
            source: 'admin',
            message: {
              key: 'invitations.personal_resent',
              params: { meeting_id: meeting.id, invitation_id: id },
            },
            username: actor.user.auditName,
            ip: actor.ip,
          },
          trx,
        );
      });
      mail.kick();
      const after = await repo.findById(db, id);
      if (!after) throw new AppError('NOT_FOUND');
      return invitationOf(after);
    },

    /** The mail port: the invitee and their link, read when the mail is sent. */
    async invitationMail(invitationId: number): Promise<InvitationMail | null> {
      const row = await repo.findMailable(db, invitationId);
      if (!row) return null;
      const meetingId = Number(row.meeting_id);
      const meeting = await liveMeetingById(db, meetingId);
      if (!meeting) return null;
      const language = matchLanguage(row.language) ?? 'zh-tw';
      const typeId = row.user_type_id === null ? null : Number(row.user_type_id);
      const type =
        typeId === null
          ? undefined
          : (await userTypeNames(db, meetingId)).find((t) => Number(t.id) === typeId);
      const path = `/#/sign-up/${encodeURIComponent(meeting.public_id)}?invitation=${encodeURIComponent(row.code)}`;
      return {
        meetingId,
        email: row.invitee_email,
        displayName: row.invitee_name,
        language,
        userType: type ? { name: type.name, name_cn: type.name_cn, name_en: type.name_en } : null,
        url: linkInLanguage(`${deps.publicUrl}${path}`, language),
      };
    },
  };
}
export type PersonalInvitationsService = ReturnType<typeof createPersonalInvitations>;
