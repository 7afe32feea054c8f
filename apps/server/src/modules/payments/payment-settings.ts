import type { FieldMessageKey } from '@meetflow/shared/field-messages';
import type { LogMessage } from '@meetflow/shared/log-messages';
import {
  HOLD_MINUTES_DEFAULT,
  PAYMENT_METHODS,
  type MeetingPaymentSetup,
  type PaymentSettings,
} from '@meetflow/shared/schemas/payments';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { visibleMeeting, type VisibleMeeting } from '../../core/meeting-access.ts';
import { AppError } from '../../lib/app-error.ts';
import { alignedAuditFields } from '../../lib/audit-fields.ts';
import { admissionOf, currencyOf } from '../meetings/meetings.reads.ts';
import { setCurrency } from '../meetings/meetings.writes.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import { meetingHasOrders } from './orders.repository.ts';
import { currencyOrNull, localizedOf, methodsOf } from './payment-setup-format.ts';
import type { PaymentSetupDeps } from './payment-setup-deps.ts';
import * as pricing from './pricing.repository.ts';

/** What an audit entry names of the fields that changed ('currency, methods'), or "no changes". */
export function changedFieldsMessage(changes: readonly { field: string }[]): LogMessage {
  const fields = [...new Set(changes.map((c) => c.field.split('.')[0]!))];
  return fields.length > 0
    ? { key: 'payments.fields_changed', params: { fields: fields.join(', ') } }
    : { key: 'change.none' };
}

/**
 * A meeting's payment settings (issue 44): its currency (null = free, on the meeting's own row),
 * how long a seat is held, the methods offered and the note under the bank details. The currency
 * is fixed once orders exist; FPS needs HKD and the organisation's FPS proxy, Stripe the server's keys.
 */
export function createPaymentSettings(deps: PaymentSetupDeps) {
  const { db, clock, systemLog } = deps;

  async function setupOf(meeting: VisibleMeeting): Promise<MeetingPaymentSetup> {
    const currency = currencyOrNull(await currencyOf(db, meeting.id));
    const row = await pricing.findMeetingSettings(db, meeting.id);
    const account = await pricing.findAccount(db, meeting.organization_id);
    return {
      currency,
      hold_minutes: row?.hold_minutes ?? HOLD_MINUTES_DEFAULT,
      methods: methodsOf(row?.methods),
      transfer_note: localizedOf(row?.transfer_note),
      meeting_id: meeting.id,
      organization_id: meeting.organization_id,
      meeting_type: meeting.meeting_type,
      has_orders: await meetingHasOrders(db, meeting.id),
      fps_proxy_set: Boolean(account?.fps_proxy_type && account.fps_proxy),
      bank_account_set: Boolean(account?.bank_account_number),
      stripe_configured: deps.stripeConfigured,
    };
  }

  /** The methods' field messages: what the account and the server cannot serve. */
  function methodProblems(body: PaymentSettings, setup: MeetingPaymentSetup) {
    const fields: Record<string, FieldMessageKey> = {};
    if (body.methods.includes('fps')) {
      if (body.currency !== 'HKD') fields['methods.fps'] = 'fpsNeedsHkd';
      else if (!setup.fps_proxy_set) fields['methods.fps'] = 'fpsNeedsProxy';
    }
    if (body.methods.includes('stripe') && !setup.stripe_configured)
      fields['methods.stripe'] = 'stripeNotConfigured';
    return fields;
  }

  return {
    async get(user: AuthUser, meetingId: number): Promise<MeetingPaymentSetup> {
      return setupOf(await visibleMeeting(db, user, meetingId));
    },

    async save(actor: Actor, meetingId: number, body: PaymentSettings): Promise<MeetingPaymentSetup> {
      const meeting = await visibleMeeting(db, actor.user, meetingId);
      const before = await setupOf(meeting);
      const currencyChanges = body.currency !== before.currency;
      if (currencyChanges && before.has_orders) throw new AppError('CURRENCY_LOCKED');
      const fields = methodProblems(body, before);
      if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { data: { fields } });
      const after: PaymentSettings = {
        currency: body.currency,
        hold_minutes: body.hold_minutes,
        methods: PAYMENT_METHODS.filter((method) => body.methods.includes(method)),
        transfer_note: body.transfer_note,
      };
      await db.transaction().execute(async (trx) => {
        if (currencyChanges) {
          // The meeting's row first: on PostgreSQL its lock orders this change after a sign-up
          // writing an order, whose order the check below then sees.
          if (!(await setCurrency(trx, meeting.id, after.currency))) throw new AppError('NOT_FOUND');
          if (await meetingHasOrders(trx, meeting.id)) throw new AppError('CURRENCY_LOCKED');
          // Approval opens no order (issue 45): a paid meeting takes none, checked under the
          // row's lock so that an admission save racing this one cannot slip between.
          const admission = await admissionOf(trx, meeting.id);
          if (after.currency !== null && admission && admission.approval !== 'none') {
            throw new AppError('APPROVAL_PAID_MEETING');
          }
        }
        await pricing.saveMeetingSettings(trx, {
          meeting_id: meeting.id,
          hold_minutes: after.hold_minutes,
          methods: JSON.stringify(after.methods),
          transfer_note: JSON.stringify(after.transfer_note),
          updated_at: clock(),
        });
      });
      const { currency, hold_minutes, methods, transfer_note } = before;
      const changes = fieldChanges(
        ...alignedAuditFields({ currency, hold_minutes, methods, transfer_note }, { ...after }),
      );
      await systemLog.record({
        action: 'update',
        source: 'admin',
        message: {
          key: 'payments.settings_updated',
          params: {
            meeting_id: meeting.id,
            meeting_name: meeting.name,
            changes: [changedFieldsMessage(changes)],
          },
        },
        username: actor.user.auditName,
        ip: actor.ip,
        changes,
      });
      return setupOf(meeting);
    },
  };
}
export type PaymentSettingsService = ReturnType<typeof createPaymentSettings>;
