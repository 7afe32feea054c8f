import { randomInt } from 'node:crypto';
import type { FieldMessageKey } from '@meetflow/shared/field-messages';
import { LANGUAGES, type Language } from '@meetflow/shared/languages';
import {
  GENERATED_CODE_LENGTH,
  INVITATION_CODE_ALPHABET,
  type Invitation,
  invitationBody,
} from '@meetflow/shared/schemas/invitations';
import type { z } from 'zod';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { alignedAuditFields } from '../../lib/audit-fields.ts';
import type { SystemLog } from '../system-log/system-log.service.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import { isUserTypeOfMeeting } from '../dictionary/dictionary.reads.ts';
import * as repo from './invitations.repository.ts';
import { checkInvitation } from './invitation-check.ts';

export type InvitationInput = z.output<typeof invitationBody>;

export interface InvitationsDeps {
  db: Db;
  clock: () => number;
  systemLog: SystemLog;
}

/** A fresh code from the CSPRNG: letters and digits with no look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B). */
export function generateCode(length: number = GENERATED_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++)
    code += INVITATION_CODE_ALPHABET[randomInt(INVITATION_CODE_ALPHABET.length)];
  return code;
}

type Row = NonNullable<repo.InvitationRow>;
export function invitationOf(row: Row): Invitation {
  return {
    id: Number(row.id),
    code: row.code,
    kind: row.kind,
    seats: row.seats,
    user_type_id: row.user_type_id === null ? null : Number(row.user_type_id),
    max_uses: Number(row.max_uses),
    used_count: Number(row.used_count),
    valid_until: row.valid_until === null ? null : Number(row.valid_until),
    enabled: Number(row.enabled) === 1,
    note: row.note,
    invitee_name: row.invitee_name,
    invitee_email: row.invitee_email,
    language: (LANGUAGES as readonly string[]).includes(row.language) ? (row.language as Language) : 'zh-tw',
    sent_at: row.sent_at === null ? null : Number(row.sent_at),
    created_at: Number(row.created_at),
  };
}

/** What an invitation's audit entry compares (no invitee's name or e-mail: those are masked). */
function audited(i: Invitation) {
  const { code, seats, user_type_id, max_uses, valid_until, enabled, note, invitee_name, invitee_email } = i;
  return { code, seats, user_type_id, max_uses, valid_until, enabled, note, invitee_name, invitee_email };
}
const PERSONAL = ['invitee_name', 'invitee_email'] as const;

const taken = () =>
  new AppError('INVITATION_CODE_TAKEN', { data: { fields: { code: 'invitationCodeTaken' } } });

/**
 * The organiser's invitations (issue 45): the seats reserved for invitees and the codes. A code is
 * upper case and unique per meeting; one that was used is disabled, never deleted.
 */
export function createInvitations(deps: InvitationsDeps) {
  const { db, clock, systemLog } = deps;

  async function visibleInvitation(user: AuthUser, id: number) {
    const row = await repo.findById(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return { row, meeting: await visibleMeeting(db, user, Number(row.meeting_id)) };
  }

  async function problems(meeting: VisibleMeeting, body: InvitationInput, usedCount: number) {
    const fields: Record<string, FieldMessageKey> = {};
    if (body.max_uses < usedCount) fields.max_uses = 'invitationUsesBelowUsed';
    if (body.user_type_id !== null && !(await isUserTypeOfMeeting(db, body.user_type_id, meeting.id)))
      fields.user_type_id = 'invitationTypeNotInMeeting';
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { data: { fields } });
  }

  async function audit(
    actor: Actor,
    key: 'invitations.code_saved' | 'invitations.code_deleted',
    meetingId: number,
    invitationId: number,
    changes: ReturnType<typeof fieldChanges>,
  ) {
    await systemLog.record({
      action: key === 'invitations.code_deleted' ? 'delete' : 'update',
      source: 'admin',
      message: { key, params: { meeting_id: meetingId, invitation_id: invitationId } },
      username: actor.user.auditName,
      ip: actor.ip,
      changes,
    });
  }

  async function answer(id: number): Promise<Invitation> {
    const row = await repo.findById(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return invitationOf(row);
  }

  return {
    async list(user: AuthUser, meetingId: number): Promise<Invitation[]> {
      const meeting = await visibleMeeting(db, user, meetingId);
      return (await repo.listOfMeeting(db, meeting.id)).map(invitationOf);
    },

    /** A shared code; `code` null: one is generated (retried on the rare clash). */
    async create(actor: Actor, meetingId: number, body: InvitationInput): Promise<Invitation> {
      const meeting = await visibleMeeting(db, actor.user, meetingId);
      await problems(meeting, body, 0);
      const now = clock();
      let id: number | undefined;
      for (let attempt = 0; id === undefined; attempt++) {
        const code = body.code ?? generateCode();
        try {
          id = await repo.insert(db, {
            meeting_id: meeting.id,
            code,
            kind: 'shared',
            seats: body.seats,
            user_type_id: body.user_type_id,
            max_uses: body.max_uses,
            valid_until: body.valid_until,
            enabled: body.enabled ? 1 : 0,
            note: body.note,
            created_at: now,
            updated_at: now,
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if (body.code !== null || attempt >= 4) throw taken();
        }
      }
      const created = await answer(id);
      await audit(
        actor,
        'invitations.code_saved',
        meeting.id,
        id,
        fieldChanges(null, audited(created), { personal: PERSONAL }),
      );
      return created;
    },

    async update(actor: Actor, id: number, body: InvitationInput): Promise<Invitation> {
      const { row, meeting } = await visibleInvitation(actor.user, id);
      const before = invitationOf(row);
      await problems(meeting, body, before.used_count);
      let changed: boolean;
      try {
        changed = await repo.update(db, id, {
          code: body.code ?? before.code,
          seats: body.seats,
          user_type_id: body.user_type_id,
          max_uses: body.max_uses,
          valid_until: body.valid_until,
          enabled: body.enabled ? 1 : 0,
          note: body.note,
          updated_at: clock(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      if (!changed)
        throw new AppError('VALIDATION_FAILED', {
          data: { fields: { max_uses: 'invitationUsesBelowUsed' } },
        });
      const after = await answer(id);
      const changes = fieldChanges(...alignedAuditFields(audited(before), audited(after)), {
        personal: PERSONAL,
      });
      await audit(actor, 'invitations.code_saved', meeting.id, id, changes);
      return after;
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const { row, meeting } = await visibleInvitation(actor.user, id);
      if (Number(row.used_count) > 0) throw new AppError('INVITATION_IN_USE');
      if (!(await repo.deleteUnused(db, id))) throw new AppError('INVITATION_IN_USE');
      await audit(
        actor,
        'invitations.code_deleted',
        meeting.id,
        id,
        fieldChanges(audited(invitationOf(row)), null, { personal: PERSONAL }),
      );
    },

    /** The public check the sign-up page makes before the form is sent (nothing is counted). */
    check: (publicId: string, code: string) => checkInvitation(db, clock(), publicId, code),
  };
}
export type InvitationsService = ReturnType<typeof createInvitations>;
