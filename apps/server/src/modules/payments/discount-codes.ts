import type { FieldMessageKey } from '@meetflow/shared/field-messages';
import { discountCodeBody, type DiscountCode } from '@meetflow/shared/schemas/payments';
import type { z } from 'zod';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { alignedAuditFields } from '../../lib/audit-fields.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import { discountCodeNamedByOrders } from './orders.repository.ts';
import { discountCodeOf } from './payment-setup-format.ts';
import type { PaymentSetupDeps } from './payment-setup-deps.ts';
import * as pricing from './pricing.repository.ts';

export type DiscountCodeInput = z.output<typeof discountCodeBody>;

const taken = () => new AppError('DISCOUNT_CODE_TAKEN', { data: { fields: { code: 'discountCodeTaken' } } });

/** What the code's audit entry compares (the uses are counted by orders, not by this form). */
function audited(code: Omit<DiscountCode, 'id' | 'used_count'>) {
  const { code: text, kind, value, price_item_ids, max_uses, valid_from, valid_until, enabled, note } = code;
  return { code: text, kind, value, price_item_ids, max_uses, valid_from, valid_until, enabled, note };
}

/**
 * A meeting's discount and sponsor codes (issue 44): a percentage (100 = free) or a fixed amount off,
 * for every registration price or the ones listed, with a maximum of uses and a validity window.
 * The codes are upper case and unique per meeting; one that was used is disabled, never deleted.
 */
export function createDiscountCodes(deps: PaymentSetupDeps) {
  const { db, clock, systemLog } = deps;

  async function visibleCode(user: AuthUser, id: number) {
    const row = await pricing.findDiscountCodeById(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return { row, meeting: await visibleMeeting(db, user, row.meeting_id) };
  }

  async function problems(
    meeting: VisibleMeeting,
    body: DiscountCodeInput,
    usedCount: number,
    exceptId: number | null,
  ) {
    const fields: Record<string, FieldMessageKey> = {};
    if (body.kind === 'percent' && body.value > 100) fields.value = 'discountPercentRange';
    const items = new Set((await pricing.allPriceItems(db, meeting.id)).map((item) => item.id));
    if (body.price_item_ids.some((id) => !items.has(id))) fields.price_item_ids = 'discountItemNotInMeeting';
    if (body.valid_from !== null && body.valid_until !== null && body.valid_from >= body.valid_until)
      fields.valid_until = 'validUntilBeforeFrom';
    if (body.max_uses !== 0 && body.max_uses < usedCount) fields.max_uses = 'maxUsesBelowUsed';
    const same = await pricing.findDiscountCode(db, meeting.id, body.code);
    const isTaken = same !== undefined && same.id !== exceptId;
    if (Object.keys(fields).length === 0 && isTaken) throw taken();
    if (isTaken) fields.code = 'discountCodeTaken';
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { data: { fields } });
  }

  /** The unique (meeting, code) still settles two writers racing for one code. */
  async function unique<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  async function audit(
    actor: Actor,
    key: 'payments.code_saved' | 'payments.code_deleted',
    meetingId: number,
    code: string,
    changes: ReturnType<typeof fieldChanges>,
  ) {
    await systemLog.record({
      action: key === 'payments.code_deleted' ? 'delete' : 'update',
      source: 'admin',
      message: { key, params: { meeting_id: meetingId, code } },
      username: actor.user.auditName,
      ip: actor.ip,
      changes,
    });
  }

  const stored = (body: DiscountCodeInput) => ({
    ...body,
    price_item_ids: JSON.stringify([...new Set(body.price_item_ids)]),
    enabled: body.enabled ? 1 : 0,
  });

  async function answer(id: number): Promise<DiscountCode> {
    const row = await pricing.findDiscountCodeById(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return discountCodeOf(row);
  }

  return {
    async list(user: AuthUser, meetingId: number): Promise<DiscountCode[]> {
      const meeting = await visibleMeeting(db, user, meetingId);
      return (await pricing.listDiscountCodes(db, meeting.id)).map(discountCodeOf);
    },

    async create(actor: Actor, meetingId: number, body: DiscountCodeInput): Promise<DiscountCode> {
      const meeting = await visibleMeeting(db, actor.user, meetingId);
      await problems(meeting, body, 0, null);
      const now = clock();
      const id = await unique(() =>
        pricing.insertDiscountCode(db, {
          ...stored(body),
          meeting_id: meeting.id,
          created_at: now,
          updated_at: now,
        }),
      );
      const created = await answer(id);
      await audit(
        actor,
        'payments.code_saved',
        meeting.id,
        created.code,
        fieldChanges(null, audited(created)),
      );
      return created;
    },

    async update(actor: Actor, id: number, body: DiscountCodeInput): Promise<DiscountCode> {
      const { row, meeting } = await visibleCode(actor.user, id);
      const before = discountCodeOf(row);
      await problems(meeting, body, before.used_count, id);
      await unique(() => pricing.updateDiscountCode(db, id, { ...stored(body), updated_at: clock() }));
      const after = await answer(id);
      const changes = fieldChanges(...alignedAuditFields(audited(before), audited(after)));
      await audit(actor, 'payments.code_saved', meeting.id, after.code, changes);
      return after;
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const { row, meeting } = await visibleCode(actor.user, id);
      if (row.used_count > 0 || (await discountCodeNamedByOrders(db, id)))
        throw new AppError('DISCOUNT_CODE_IN_USE');
      if (!(await pricing.deleteUnusedDiscountCode(db, id))) throw new AppError('DISCOUNT_CODE_IN_USE');
      await audit(
        actor,
        'payments.code_deleted',
        meeting.id,
        row.code,
        fieldChanges(audited(discountCodeOf(row)), null),
      );
    },
  };
}
export type DiscountCodesService = ReturnType<typeof createDiscountCodes>;
