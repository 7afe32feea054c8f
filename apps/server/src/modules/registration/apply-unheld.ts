import type { Language } from '@meetflow/shared/languages';
import type { Insertable } from 'kysely';
import { isUniqueViolation } from '../../db/db-errors.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { guestDisplayName, maskPhone } from '../guests/guest-format.ts';
import * as repo from './registration.repository.ts';
import type { RegistrationDeps } from './registration.service.ts';

/**
 * A sign-up that waits for approval without holding a seat (issue 45): no guest row, no seat; an
 * application carrying the form, the sessions chosen and the visitor's token (its hash), from which
 * the guest is written once approved — the same token then opens the guest page. One pending
 * application per phone (the unique partial index: ALREADY_APPLIED).
 */
export async function applyWithoutSeat(
  deps: RegistrationDeps,
  meeting: repo.PublicMeetingRow,
  s: {
    values: Insertable<Database['guests']>;
    token: string;
    scheduleIds: number[];
    ip: string;
    now: number;
    language: Language;
  },
) {
  const { values } = s;
  if (await repo.findGuestByPhone(deps.db, meeting.id, values.area_code, values.phone))
    throw new AppError('ALREADY_SIGNED_UP');
  // The guest row to be, without what is given at approval (the code, the time, the token).
  const {
    guest_code: _code,
    created_at: _at,
    token_hash: tokenHash,
    mail_pending: _mail,
    meeting_id: _meeting,
    ...form
  } = values;
  try {
    await deps.db.transaction().execute((trx) =>
      deps.approval!.applyIn(
        trx,
        meeting,
        {
          guestId: null,
          form: JSON.stringify(form),
          scheduleIds: s.scheduleIds,
          tokenHash,
          areaCode: values.area_code,
          phone: values.phone,
          email: values.email,
          displayName: guestDisplayName({ name: '', name_zh: '', name_en: '', ...values }),
          language: s.language,
          userTypeId: values.user_type_id ?? null,
          maskedPhone: maskPhone(values.area_code, values.phone),
        },
        s.now,
        s.ip,
      ),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ALREADY_APPLIED');
    throw error;
  }
  deps.mail?.kick();
  return {
    guest_token: s.token,
    guest: null,
    waiting: null,
    application: {
      meeting_public_id: meeting.public_id,
      status: 'pending' as const,
      display_name: guestDisplayName({ name: '', name_zh: '', name_en: '', ...values }),
      reason: '',
      submitted_at: s.now,
      decided_at: null,
    },
  };
}
