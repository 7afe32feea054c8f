import { useState } from 'react';
import { Button, Form, Input, Select, Skeleton } from 'antd';
import type { PaymentAccount, PaymentAccountView } from '@meetflow/shared/schemas/payments';
import { useTranslation } from '../../../lib/i18n.ts';
import { reportFailure } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { errorProps, LocalizedInputs } from '../../../components/localized-inputs.tsx';
import { usePaymentAccount, useSavePaymentAccount } from '../payment-setup-api.ts';
import { serverFieldErrors } from '../payment-setup-logic.ts';
import { UnplacedAlert } from './unplaced-alert.tsx';
import '../i18n.ts';

const PROXY_TYPES = ['', 'fps_id', 'mobile', 'email'] as const;
const SHOWN = [
  'fps_proxy_type',
  'fps_proxy',
  'merchant_name',
  'merchant_city',
  'bank_name',
  'bank_account_name',
  'bank_account_number',
  'receipt_issuer',
];

function draftOf(view: PaymentAccountView): PaymentAccount {
  const { organization_id: _, organization_name: __, ...account } = view;
  return account;
}

/** An organisation's payment account: FPS proxy and merchant, bank account, receipt issuer. */
export function AccountForm({ organizationId, canManage }: { organizationId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const query = usePaymentAccount(organizationId);
  if (query.isPending) return <Skeleton active data-testid="payment-account-loading" />;
  if (query.isError)
    return (
      <LoadError
        title={t('paymentSetup.account.loadFailed')}
        reason={query.error.message}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  return <AccountEditor view={query.data} canManage={canManage} />;
}

function AccountEditor({ view, canManage }: { view: PaymentAccountView; canManage: boolean }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PaymentAccount>(() => draftOf(view));
  const [errors, setErrors] = useState<Record<string, string>>();
  const save = useSavePaymentAccount(view.organization_id);
  const set = (change: Partial<PaymentAccount>) => setDraft({ ...draft, ...change });

  const submit = async () => {
    setErrors(undefined);
    try {
      const saved = await save.mutateAsync(draft);
      setDraft(draftOf(saved));
      toast.success(t('paymentSetup.account.saved'));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      else reportFailure(error);
    }
  };

  const text = (
    field: keyof Omit<PaymentAccount, 'receipt_issuer' | 'fps_proxy_type'>,
    max: number,
    extra?: string,
  ) => (
    <Form.Item
      label={t(`paymentSetup.account.${LABELS[field]}`)}
      htmlFor={`account-${field}`}
      extra={extra}
      {...errorProps(errors, field)}
    >
      <Input
        id={`account-${field}`}
        maxLength={max}
        autoComplete="off"
        className="mf-payment-field"
        value={draft[field]}
        onChange={(event) => set({ [field]: event.target.value })}
        data-testid={`account-${field}`}
      />
    </Form.Item>
  );

  return (
    <Form
      layout="vertical"
      component="div"
      disabled={!canManage}
      className="mf-payment-form"
      data-testid="payment-account-form"
    >
      <UnplacedAlert errors={errors} shown={SHOWN} />
      <section aria-labelledby="account-fps-title">
        <h2 id="account-fps-title" className="mf-payment-heading">
          {t('paymentSetup.account.fps')}
        </h2>
        <Form.Item
          label={t('paymentSetup.account.proxyType')}
          htmlFor="account-fps_proxy_type"
          {...errorProps(errors, 'fps_proxy_type')}
        >
          <Select
            id="account-fps_proxy_type"
            style={{ maxWidth: 320 }}
            value={draft.fps_proxy_type}
            onChange={(fps_proxy_type: PaymentAccount['fps_proxy_type']) =>
              set({ fps_proxy_type, ...(fps_proxy_type === '' ? { fps_proxy: '' } : {}) })
            }
            options={PROXY_TYPES.map((type) => ({
              value: type,
              label: t(`paymentSetup.account.proxyTypes.${type || 'none'}`),
            }))}
            data-testid="account-fps_proxy_type"
          />
        </Form.Item>
        {draft.fps_proxy_type !== '' && (
          <Form.Item
            label={t('paymentSetup.account.proxy')}
            htmlFor="account-fps_proxy"
            required
            {...errorProps(errors, 'fps_proxy')}
          >
            <Input
              id="account-fps_proxy"
              maxLength={100}
              autoComplete="off"
              inputMode={draft.fps_proxy_type === 'email' ? 'email' : 'tel'}
              placeholder={t(`paymentSetup.account.proxyPlaceholders.${draft.fps_proxy_type}`)}
              value={draft.fps_proxy}
              onChange={(event) => set({ fps_proxy: event.target.value })}
              style={{ maxWidth: 320 }}
              data-testid="account-fps_proxy"
            />
          </Form.Item>
        )}
        {text('merchant_name', 25, t('paymentSetup.account.merchantNameHelp'))}
        {text('merchant_city', 15, t('paymentSetup.account.merchantCityHelp'))}
      </section>
      <section aria-labelledby="account-bank-title">
        <h2 id="account-bank-title" className="mf-payment-heading">
          {t('paymentSetup.account.bank')}
        </h2>
        {text('bank_name', 100)}
        {text('bank_account_name', 100)}
        {text('bank_account_number', 50)}
      </section>
      <section aria-labelledby="account-receipt-title">
        <h2 id="account-receipt-title" className="mf-payment-heading">
          {t('paymentSetup.account.receipt')}
        </h2>
        <LocalizedInputs
          prefix="account-receipt-issuer"
          what={t('paymentSetup.account.receiptIssuer')}
          value={draft.receipt_issuer}
          onChange={(lang, value) => set({ receipt_issuer: { ...draft.receipt_issuer, [lang]: value } })}
          errors={errors}
          place="receipt_issuer"
          multiline
        />
      </section>
      {canManage && (
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() => void submit()}
          data-testid="payment-account-save"
        >
          {t('paymentSetup.save')}
        </Button>
      )}
    </Form>
  );
}

const LABELS = {
  fps_proxy: 'proxy',
  merchant_name: 'merchantName',
  merchant_city: 'merchantCity',
  bank_name: 'bankName',
  bank_account_name: 'bankAccountName',
  bank_account_number: 'bankAccountNumber',
} as const;
