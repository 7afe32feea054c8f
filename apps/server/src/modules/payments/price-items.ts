import type { FieldMessageKey } from '@meetflow/shared/field-messages';
import {
  formatAmount,
  priceItemBody,
  type PriceItem,
  type PriceList,
} from '@meetflow/shared/schemas/payments';
import type { z } from 'zod';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { pickFields } from '../../lib/audit-fields.ts';
import { sessionNames, userTypeNames } from '../dictionary/dictionary.reads.ts';
import { currencyOf } from '../meetings/meetings.reads.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import { pricesNamedByOrders } from './orders.repository.ts';
import { currencyOrNull, idsOf, priceItemOf } from './payment-setup-format.ts';
import type { PaymentSetupDeps } from './payment-setup-deps.ts';
import * as pricing from './pricing.repository.ts';

export type PriceItemInput = z.output<typeof priceItemBody>;

const AUDITED = [
  'item_type',
  'user_type_id',
  'schedule_id',
  'name',
  'name_cn',
  'name_en',
  'amount',
  'early_amount',
  'early_until',
  'sort',
  'member_only',
] as const;

/** What a price is for: its registration type or session must be the meeting's and have no other live price. */
async function targetProblems(
  db: Db,
  meeting: VisibleMeeting,
  body: PriceItemInput,
  exceptId: number | null,
): Promise<Record<string, FieldMessageKey>> {
  const fields: Record<string, FieldMessageKey> = {};
  if (body.item_type === 'session') {
    if (body.member_only) fields.member_only = 'memberOnlySession';
    if (body.user_type_id !== null) fields.user_type_id = 'invalidOption';
    if (body.schedule_id === null) fields.schedule_id = 'scheduleRequired';
    else if (!(await sessionNames(db, meeting.id)).some((s) => s.id === body.schedule_id))
      fields.schedule_id = 'scheduleNotInMeeting';
    else if (
      await pricing.liveItemFor(db, meeting.id, { column: 'schedule_id', id: body.schedule_id }, exceptId)
    )
      fields.schedule_id = 'priceSessionTaken';
    return fields;
  }
  if (body.schedule_id !== null) fields.schedule_id = 'invalidOption';
  if (meeting.meeting_type === 'general') {
    // A general meeting's ticket kinds (member, non-member, student) are named prices.
    if (body.user_type_id !== null) fields.user_type_id = 'invalidOption';
    if (body.name === '') fields.name = 'priceNameRequired';
    return fields;
  }
  // A date-schedule meeting charges per registration type, one live price each (and one member fee).
  if (body.user_type_id === null) fields.user_type_id = 'userTypeRequired';
  else if (!(await userTypeNames(db, meeting.id)).some((t) => t.id === body.user_type_id))
    fields.user_type_id = 'userTypeNotInMeeting';
  else if (
    await pricing.liveItemFor(
      db,
      meeting.id,
      { column: 'user_type_id', id: body.user_type_id },
      exceptId,
      body.member_only ? 1 : 0,
    )
  )
    fields.user_type_id = 'priceUserTypeTaken';
  return fields;
}

/** The body as the row stores it (member_only as 0 or 1). */
const stored = (body: PriceItemInput) => ({ ...body, member_only: body.member_only ? 1 : 0 });

/** The early-bird price: with its last day, and below the price. */
function earlyProblems(body: PriceItemInput): Record<string, FieldMessageKey> {
  const fields: Record<string, FieldMessageKey> = {};
  if (body.early_amount === null && body.early_until !== null) fields.early_amount = 'earlyBirdIncomplete';
  if (body.early_amount !== null && body.early_until === null) fields.early_until = 'earlyBirdIncomplete';
  if (body.early_amount !== null && body.early_amount >= body.amount)
    fields.early_amount = 'earlyAmountNotLower';
  return fields;
}

/**
 * A meeting's prices (issue 44): a registration type's fee (date-schedule meetings), a ticket kind
 * (general meetings) or a priced session, with an optional early-bird price. A price that orders
 * name is never changed or deleted, only retired: what was charged stays explainable.
 */
export function createPriceItems(deps: PaymentSetupDeps) {
  const { db, clock, systemLog } = deps;

  async function visibleItem(user: AuthUser, id: number) {
    const row = await pricing.findPriceItem(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return { row, meeting: await visibleMeeting(db, user, row.meeting_id) };
  }

  async function checked(meeting: VisibleMeeting, body: PriceItemInput, exceptId: number | null) {
    const fields = { ...earlyProblems(body), ...(await targetProblems(db, meeting, body, exceptId)) };
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { data: { fields } });
  }

  async function audit(
    actor: Actor,
    key: 'payments.price_saved' | 'payments.price_retired' | 'payments.price_deleted',
    meeting: VisibleMeeting,
    item: { id: number; amount: number },
    changes = fieldChanges(null, null),
  ) {
    const currency = currencyOrNull(await currencyOf(db, meeting.id));
    await systemLog.record({
      action: key === 'payments.price_deleted' ? 'delete' : 'update',
      source: 'admin',
      message: {
        key,
        params: {
          meeting_id: meeting.id,
          price_item_id: item.id,
          amount: `${currency ?? ''} ${formatAmount(item.amount)}`.trim(),
        },
      },
      username: actor.user.auditName,
      ip: actor.ip,
      changes,
    });
  }

  async function itemAnswer(id: number): Promise<PriceItem> {
    const row = await pricing.findPriceItem(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return priceItemOf(row, (await pricesNamedByOrders(db, [id])).has(id));
  }

  return {
    async list(user: AuthUser, meetingId: number): Promise<PriceList> {
      const meeting = await visibleMeeting(db, user, meetingId);
      const rows = await pricing.allPriceItems(db, meeting.id);
      const named = await pricesNamedByOrders(
        db,
        rows.map((r) => r.id),
      );
      return {
        currency: currencyOrNull(await currencyOf(db, meeting.id)),
        meeting_type: meeting.meeting_type,
        items: rows.map((row) => priceItemOf(row, named.has(row.id))),
        user_types: await userTypeNames(db, meeting.id),
        sessions: await sessionNames(db, meeting.id),
      };
    },

    async create(actor: Actor, meetingId: number, body: PriceItemInput): Promise<PriceItem> {
      const meeting = await visibleMeeting(db, actor.user, meetingId);
      await checked(meeting, body, null);
      const now = clock();
      const id = await pricing.insertPriceItem(db, {
        ...stored(body),
        meeting_id: meeting.id,
        retired_at: null,
        created_at: now,
        updated_at: now,
      });
      await audit(
        actor,
        'payments.price_saved',
        meeting,
        { id, amount: body.amount },
        fieldChanges(null, pickFields(stored(body), AUDITED)),
      );
      return itemAnswer(id);
    },

    async update(actor: Actor, id: number, body: PriceItemInput): Promise<PriceItem> {
      const { row, meeting } = await visibleItem(actor.user, id);
      if ((await pricesNamedByOrders(db, [id])).has(id)) throw new AppError('PRICE_ITEM_IN_USE');
      await checked(meeting, body, id);
      await pricing.updatePriceItem(db, id, { ...stored(body), updated_at: clock() });
      const changes = fieldChanges(pickFields(row, AUDITED), pickFields(stored(body), AUDITED));
      await audit(actor, 'payments.price_saved', meeting, { id, amount: body.amount }, changes);
      return itemAnswer(id);
    },

    async retire(actor: Actor, id: number): Promise<PriceItem> {
      const { row, meeting } = await visibleItem(actor.user, id);
      if (await pricing.retirePriceItem(db, id, clock()))
        await audit(actor, 'payments.price_retired', meeting, row);
      return itemAnswer(id);
    },

    /** Deletes a price no order names; the codes limited to it no longer list it (one limited to it alone is disabled). */
    async remove(actor: Actor, id: number): Promise<void> {
      const { row, meeting } = await visibleItem(actor.user, id);
      const now = clock();
      const narrowed = await db.transaction().execute(async (trx) => {
        if ((await pricesNamedByOrders(trx, [id])).has(id)) throw new AppError('PRICE_ITEM_IN_USE');
        const codes = await pricing.codesNamingItem(trx, meeting.id, id);
        for (const code of codes) {
          const rest = idsOf(code.price_item_ids).filter((other) => other !== id);
          // An empty list means "every price": a code for this price alone is switched off instead.
          await pricing.updateDiscountCode(trx, code.id, {
            price_item_ids: JSON.stringify(rest.length > 0 ? rest : [id]),
            ...(rest.length === 0 ? { enabled: 0 } : {}),
            updated_at: now,
          });
        }
        await pricing.deletePriceItem(trx, id);
        return codes;
      });
      await audit(
        actor,
        'payments.price_deleted',
        meeting,
        row,
        fieldChanges(pickFields(row, AUDITED), null),
      );
      for (const code of narrowed)
        await systemLog.record({
          action: 'update',
          source: 'admin',
          message: { key: 'payments.code_saved', params: { meeting_id: meeting.id, code: code.code } },
          username: actor.user.auditName,
          ip: actor.ip,
        });
    },
  };
}
export type PriceItemsService = ReturnType<typeof createPriceItems>;
