import type { FieldMessageKey } from '@meetflow/shared/field-messages';
import type { PaymentAccount, PaymentAccountView } from '@meetflow/shared/schemas/payments';
import type { Actor, AuthUser } from '../../core/auth-user.ts';
import { assertOrganizationVisible } from '../../core/organization-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { alignedAuditFields } from '../../lib/audit-fields.ts';
import { findOrganization } from '../organizations/organizations.reads.ts';
import { fieldChanges } from '../system-log/field-changes.ts';
import { localizedOf } from './payment-setup-format.ts';
import { changedFieldsMessage } from './payment-settings.ts';
import type { PaymentSetupDeps } from './payment-setup-deps.ts';
import * as pricing from './pricing.repository.ts';

/** EMVCo's "ans" format of the merchant name and city: printable ASCII (32–126) only. */
const EMV_ANS = /^[\x20-\x7e]*$/;
/**
 * Template 26 of an FPS code holds at most 99 characters: the 16 of its identifier
 * ('0012hk.com.hkicl'), 4 of the proxy's ID and length, leaving 79 for an e-mail address.
 */
export const FPS_EMAIL_MAX = 79;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Fields = Record<string, FieldMessageKey>;

/**
 * The FPS proxy as stored (an FPS ID's digits, '+852-' and the 8 digits of a mobile number, an
 * e-mail address) or the field message saying what is wrong.
 */
export function normalizedProxy(
  type: PaymentAccount['fps_proxy_type'],
  proxy: string,
): { value: string } | { problem: FieldMessageKey } {
  const text = proxy.trim();
  if (type === '') return text === '' ? { value: '' } : { problem: 'fpsProxyTypeRequired' };
  if (text === '') return { problem: 'fpsProxyRequired' };
  if (type === 'fps_id') return /^\d{7,9}$/.test(text) ? { value: text } : { problem: 'fpsIdFormat' };
  if (type === 'mobile') {
    const match = /^(?:\+?852)?(\d{8})$/.exec(text.replace(/[\s()-]/g, ''));
    return match ? { value: `+852-${match[1]}` } : { problem: 'fpsMobileFormat' };
  }
  if (!EMV_ANS.test(text)) return { problem: 'emvAsciiOnly' };
  if (!EMAIL.test(text)) return { problem: 'emailInvalid' };
  return text.length > FPS_EMAIL_MAX ? { problem: 'fpsEmailTooLong' } : { value: text };
}

/** The account's problems by field, and the account as stored. */
function checked(body: PaymentAccount): { fields: Fields; account: PaymentAccount } {
  const fields: Fields = {};
  const proxy = normalizedProxy(body.fps_proxy_type, body.fps_proxy);
  if ('problem' in proxy)
    fields[proxy.problem === 'fpsProxyTypeRequired' ? 'fps_proxy_type' : 'fps_proxy'] = proxy.problem;
  if (!EMV_ANS.test(body.merchant_name)) fields.merchant_name = 'emvAsciiOnly';
  if (!EMV_ANS.test(body.merchant_city)) fields.merchant_city = 'emvAsciiOnly';
  return { fields, account: { ...body, fps_proxy: 'value' in proxy ? proxy.value : body.fps_proxy } };
}

/**
 * An organisation's payment account (issue 44): the FPS proxy and merchant name and city its FPS
 * codes carry, the bank account transfers go to and the issuer printed on receipts.
 */
export function createPaymentAccount(deps: PaymentSetupDeps) {
  const { db, clock, systemLog } = deps;

  async function visibleOrganization(user: AuthUser, id: number) {
    const organization = await findOrganization(db, id);
    if (!organization) throw new AppError('NOT_FOUND');
    await assertOrganizationVisible(db, user, id);
    return organization;
  }

  async function accountOf(organizationId: number): Promise<PaymentAccount> {
    const row = await pricing.findAccount(db, organizationId);
    return {
      fps_proxy_type: (['fps_id', 'mobile', 'email'] as const).find((t) => t === row?.fps_proxy_type) ?? '',
      fps_proxy: row?.fps_proxy ?? '',
      merchant_name: row?.merchant_name ?? '',
      merchant_city: row?.merchant_city ?? 'Hong Kong',
      bank_name: row?.bank_name ?? '',
      bank_account_name: row?.bank_account_name ?? '',
      bank_account_number: row?.bank_account_number ?? '',
      receipt_issuer: localizedOf(row?.receipt_issuer),
    };
  }

  return {
    async get(user: AuthUser, organizationId: number): Promise<PaymentAccountView> {
      const organization = await visibleOrganization(user, organizationId);
      return {
        ...(await accountOf(organization.id)),
        organization_id: organization.id,
        organization_name: organization.name,
      };
    },

    async save(actor: Actor, organizationId: number, body: PaymentAccount): Promise<PaymentAccountView> {
      const organization = await visibleOrganization(actor.user, organizationId);
      const { fields, account } = checked(body);
      if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { data: { fields } });
      const before = await accountOf(organization.id);
      await pricing.saveAccount(db, {
        organization_id: organization.id,
        ...account,
        receipt_issuer: JSON.stringify(account.receipt_issuer),
        updated_at: clock(),
      });
      const changes = fieldChanges(...alignedAuditFields({ ...before }, { ...account }), {
        // The proxy may be a person's mobile number or address; the account number is kept out too.
        personal: ['fps_proxy', 'bank_account_number'],
      });
      await systemLog.record({
        action: 'update',
        source: 'admin',
        message: {
          key: 'payments.account_updated',
          params: { organization_id: organization.id, changes: [changedFieldsMessage(changes)] },
        },
        username: actor.user.auditName,
        ip: actor.ip,
        changes,
      });
      return { ...account, organization_id: organization.id, organization_name: organization.name };
    },
  };
}
export type PaymentAccountService = ReturnType<typeof createPaymentAccount>;
