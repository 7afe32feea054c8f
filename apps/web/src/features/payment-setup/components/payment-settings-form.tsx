import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Checkbox, Flex, Form, InputNumber, Select, Skeleton, Typography } from 'antd';
import { ERRORS } from '@meetflow/shared/errors';
import {
  CURRENCIES,
  PAYMENT_METHODS,
  type Currency,
  type MeetingPaymentSetup,
  type PaymentSettings,
} from '@meetflow/shared/schemas/payments';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError, reportFailure } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { paymentAccountLink } from '../../../lib/payment-setup.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { errorProps, LocalizedInputs } from '../../../components/localized-inputs.tsx';
import { usePaymentSettings, useSavePaymentSettings } from '../payment-setup-api.ts';
import { methodBlock, serverFieldErrors } from '../payment-setup-logic.ts';
import { UnplacedAlert } from './unplaced-alert.tsx';
import '../i18n.ts';

const FREE = 'free';
const SHOWN = ['currency', 'hold_minutes', 'methods', 'transfer_note'];

function draftOf(setup: MeetingPaymentSetup): PaymentSettings {
  const { currency, hold_minutes, methods, transfer_note } = setup;
  return { currency, hold_minutes, methods, transfer_note };
}

/** A meeting's currency, seat hold, ways to pay and transfer note; read-only without payment:manage. */
export function PaymentSettingsForm({ meetingId, canManage }: { meetingId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const query = usePaymentSettings(meetingId);
  if (query.isPending) return <Skeleton active data-testid="payment-settings-loading" />;
  if (query.isError)
    return (
      <LoadError
        title={t('paymentSetup.loadFailed')}
        reason={query.error.message}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  // Not keyed by the load: a refetch (the account saved in another tab) updates what the methods
  // need and keeps what is being typed here.
  return <SettingsEditor setup={query.data} canManage={canManage} />;
}

function SettingsEditor({ setup, canManage }: { setup: MeetingPaymentSetup; canManage: boolean }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PaymentSettings>(() => draftOf(setup));
  const [errors, setErrors] = useState<Record<string, string>>();
  const save = useSavePaymentSettings(setup.meeting_id);
  const disabled = !canManage;
  const paid = draft.currency !== null;

  const setCurrency = (value: Currency | typeof FREE) => {
    const currency = value === FREE ? null : value;
    // A method the new currency cannot take is dropped rather than saved and refused.
    const methods = draft.methods.filter((method) => methodBlock(method, currency, setup) === null);
    setDraft({ ...draft, currency, methods });
  };

  const submit = async () => {
    setErrors(undefined);
    try {
      setDraft(draftOf(await save.mutateAsync({ ...draft, methods: paid ? draft.methods : [] })));
      toast.success(t('paymentSetup.settings.saved'));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      else if (error instanceof ApiError && error.code === ERRORS.CURRENCY_LOCKED.code)
        setErrors({ currency: error.message });
      else reportFailure(error);
    }
  };

  return (
    <Form layout="vertical" component="div" disabled={disabled} data-testid="payment-settings-form">
      <UnplacedAlert errors={errors} shown={SHOWN} />
      <Form.Item
        label={t('paymentSetup.settings.currency')}
        htmlFor="payment-currency"
        extra={setup.has_orders ? t('paymentSetup.settings.currencyLocked') : undefined}
        {...errorProps(errors, 'currency')}
      >
        <Select
          id="payment-currency"
          style={{ maxWidth: 320 }}
          value={draft.currency ?? FREE}
          disabled={disabled || setup.has_orders}
          onChange={setCurrency}
          options={[
            { value: FREE, label: t('paymentSetup.settings.free') },
            ...CURRENCIES.map((c) => ({ value: c, label: t(`paymentSetup.settings.currencies.${c}`) })),
          ]}
          data-testid="payment-currency"
        />
      </Form.Item>
      {!paid ? (
        <Typography.Paragraph type="secondary" data-testid="payment-free-note">
          {t('paymentSetup.settings.freeNote')}
        </Typography.Paragraph>
      ) : (
        <>
          <Form.Item
            label={t('paymentSetup.settings.holdMinutes')}
            htmlFor="payment-hold"
            extra={t('paymentSetup.settings.holdHelp')}
            {...errorProps(errors, 'hold_minutes')}
          >
            <InputNumber
              id="payment-hold"
              min={5}
              max={7 * 24 * 60}
              precision={0}
              value={draft.hold_minutes}
              onChange={(value) => setDraft({ ...draft, hold_minutes: value ?? draft.hold_minutes })}
              data-testid="payment-hold"
            />
          </Form.Item>
          <MethodChecks setup={setup} draft={draft} setDraft={setDraft} errors={errors} disabled={disabled} />
          <LocalizedInputs
            prefix="payment-transfer-note"
            what={t('paymentSetup.settings.transferNote')}
            value={draft.transfer_note}
            onChange={(lang, value) =>
              setDraft({ ...draft, transfer_note: { ...draft.transfer_note, [lang]: value } })
            }
            errors={errors}
            place="transfer_note"
            multiline
          />
        </>
      )}
      {canManage && (
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() => void submit()}
          data-testid="payment-settings-save"
        >
          {t('paymentSetup.save')}
        </Button>
      )}
    </Form>
  );
}

function MethodChecks(props: {
  setup: MeetingPaymentSetup;
  draft: PaymentSettings;
  setDraft: (draft: PaymentSettings) => void;
  errors: Record<string, string> | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { setup, draft, setDraft, errors } = props;
  const toggle = (method: (typeof PAYMENT_METHODS)[number], on: boolean) =>
    setDraft({
      ...draft,
      methods: PAYMENT_METHODS.filter((m) => (m === method ? on : draft.methods.includes(m))),
    });
  return (
    <Form.Item
      label={<span id="payment-methods-label">{t('paymentSetup.settings.methods')}</span>}
      {...errorProps(errors, 'methods')}
    >
      <Flex vertical gap={6} role="group" aria-labelledby="payment-methods-label">
        {PAYMENT_METHODS.map((method) => {
          const block = methodBlock(method, draft.currency, setup);
          const reasonId = `payment-method-${method}-reason`;
          return (
            <Flex key={method} wrap align="baseline" gap={8}>
              <Checkbox
                checked={draft.methods.includes(method)}
                disabled={props.disabled || block !== null}
                onChange={(event) => toggle(method, event.target.checked)}
                aria-describedby={block ? reasonId : undefined}
                data-testid={`payment-method-${method}`}
              >
                {t(`paymentSetup.settings.methodNames.${method}`)}
              </Checkbox>
              {block && (
                <Typography.Text
                  type="secondary"
                  id={reasonId}
                  data-testid={`payment-method-${method}-reason`}
                >
                  {t(`paymentSetup.settings.blocks.${block}`)}
                  {block === 'fpsNeedsProxy' && (
                    <>
                      {' · '}
                      <Link to={paymentAccountLink(setup.organization_id)}>
                        {t('paymentSetup.settings.accountLink')}
                      </Link>
                    </>
                  )}
                </Typography.Text>
              )}
            </Flex>
          );
        })}
        {draft.methods.includes('transfer') && !setup.bank_account_set && (
          <Alert
            type="warning"
            showIcon
            data-testid="payment-no-bank"
            title={
              <>
                {t('paymentSetup.settings.noBank')}{' '}
                <Link to={paymentAccountLink(setup.organization_id)}>
                  {t('paymentSetup.settings.accountLink')}
                </Link>
              </>
            }
          />
        )}
      </Flex>
    </Form.Item>
  );
}
