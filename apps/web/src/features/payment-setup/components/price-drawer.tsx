import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Alert, Button, Checkbox, DatePicker, Drawer, Flex, Form, Input, Radio, Select } from 'antd';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { nameIn } from '@meetflow/shared/languages';
import type { PriceItem, PriceItemBody, PriceList } from '@meetflow/shared/schemas/payments';
import { dayjs } from '../../../lib/dayjs.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { reportFailure } from '../../../lib/http.ts';
import { useServerTimeZone } from '../../../lib/server-time.ts';
import { toast } from '../../../lib/toast.ts';
import { errorProps, LocalizedInputs } from '../../../components/localized-inputs.tsx';
import { priceBody, priceDraft, serverFieldErrors, type PriceDraft } from '../payment-setup-logic.ts';
import { UnplacedAlert } from './unplaced-alert.tsx';
import '../i18n.ts';

type SaveMutation = UseMutationResult<PriceItem, Error, { id: number | null; body: PriceItemBody }>;

const SHOWN = [
  'item_type',
  'user_type_id',
  'schedule_id',
  'name',
  'name_cn',
  'name_en',
  'amount',
  'early_amount',
  'early_until',
  'member_only',
];

/** The names' messages where the three boxes show them ('name' is the zh-tw column). */
function nameErrors(errors: Record<string, string> | undefined) {
  if (!errors) return undefined;
  const at = { name: 'name.zh-tw', name_cn: 'name.zh-cn', name_en: 'name.en' } as const;
  return Object.fromEntries(
    Object.entries(at).flatMap(([column, place]) => (errors[column] ? [[place, errors[column]]] : [])),
  );
}

/** Adds or edits one price: what it is for, its price and its early bird, amounts typed in major units. */
export function PriceDrawer(props: {
  meetingId: number;
  list: PriceList;
  item: PriceItem | null;
  onClose: () => void;
  save: SaveMutation;
}) {
  const { list, item, save } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useServerTimeZone();
  const [draft, setDraft] = useState<PriceDraft>(() => priceDraft(item, zone));
  const [errors, setErrors] = useState<Record<string, string>>();
  const set = (change: Partial<PriceDraft>) => setDraft({ ...draft, ...change });
  const named = (n: { name: string; name_cn: string; name_en: string }) =>
    nameIn(lang, n.name, n.name_cn, n.name_en);
  const perType = draft.item_type === 'registration' && list.meeting_type === 'date_schedule';
  const currency = list.currency ?? '';

  const submit = async () => {
    const result = priceBody(draft, list.meeting_type, zone, item?.sort ?? list.items.length);
    if ('errors' in result) {
      setErrors(
        Object.fromEntries(Object.entries(result.errors).map(([f, key]) => [f, fieldMessage(key!, lang)])),
      );
      return;
    }
    setErrors(undefined);
    try {
      await save.mutateAsync({ id: item?.id ?? null, body: result.body });
      toast.success(t('paymentSetup.prices.saved'));
      props.onClose();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      else reportFailure(error);
    }
  };

  return (
    <Drawer
      open
      title={item ? t('paymentSetup.prices.editTitle') : t('paymentSetup.prices.add')}
      size="min(560px, 100vw)"
      onClose={props.onClose}
      destroyOnHidden
      rootClassName="mf-payment-drawer"
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={props.onClose} data-testid="price-cancel">
            {t('paymentSetup.cancel')}
          </Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => void submit()}
            data-testid="price-save"
          >
            {t('paymentSetup.save')}
          </Button>
        </Flex>
      }
      data-testid="price-drawer"
    >
      <Form layout="vertical" component="div">
        <UnplacedAlert errors={errors} shown={SHOWN} />
        {list.sessions.length > 0 && (
          <Form.Item label={<span id="price-type-label">{t('paymentSetup.prices.itemType')}</span>}>
            <Radio.Group
              aria-labelledby="price-type-label"
              value={draft.item_type}
              onChange={(event) => set({ item_type: event.target.value as PriceDraft['item_type'] })}
              options={(['registration', 'session'] as const).map((type) => ({
                value: type,
                label: (
                  <span data-testid={`price-type-${type}`}>{t(`paymentSetup.prices.itemTypes.${type}`)}</span>
                ),
              }))}
            />
          </Form.Item>
        )}
        {draft.item_type === 'session' ? (
          <Form.Item
            label={t('paymentSetup.prices.session')}
            htmlFor="price-session"
            required
            {...errorProps(errors, 'schedule_id')}
          >
            <Select
              id="price-session"
              value={draft.schedule_id ?? undefined}
              onChange={(schedule_id: number) => set({ schedule_id })}
              options={list.sessions.map((s) => ({ value: s.id, label: `${named(s)} (${s.date})` }))}
              data-testid="price-session"
            />
          </Form.Item>
        ) : perType ? (
          <Form.Item
            label={t('paymentSetup.prices.userType')}
            htmlFor="price-user-type"
            required
            {...errorProps(errors, 'user_type_id')}
          >
            <Select
              id="price-user-type"
              value={draft.user_type_id ?? undefined}
              onChange={(user_type_id: number) => set({ user_type_id })}
              options={list.user_types.map((u) => ({ value: u.id, label: named(u) }))}
              data-testid="price-user-type"
            />
          </Form.Item>
        ) : null}
        {draft.item_type === 'registration' && (
          <LocalizedInputs
            prefix="price-name"
            what={t('paymentSetup.prices.ticketName')}
            value={{ 'zh-tw': draft.name, 'zh-cn': draft.name_cn, en: draft.name_en }}
            onChange={(l, value) =>
              set(l === 'zh-tw' ? { name: value } : l === 'zh-cn' ? { name_cn: value } : { name_en: value })
            }
            errors={nameErrors(errors)}
            place="name"
            required={!perType}
          />
        )}
        <PriceAmounts draft={draft} set={set} errors={errors} currency={currency} zone={zone} />
      </Form>
    </Drawer>
  );
}

/** The price and its early bird: amounts as typed (major units), the early bird's last day. */
function PriceAmounts(props: {
  draft: PriceDraft;
  set: (change: Partial<PriceDraft>) => void;
  errors: Record<string, string> | undefined;
  currency: string;
  zone: string | undefined;
}) {
  const { t } = useTranslation();
  const { draft, set, errors, currency, zone } = props;
  return (
    <>
      <Form.Item
        label={t('paymentSetup.prices.amount')}
        htmlFor="price-amount"
        required
        {...errorProps(errors, 'amount')}
      >
        <Input
          id="price-amount"
          inputMode="decimal"
          autoComplete="off"
          prefix={currency}
          placeholder={t('paymentSetup.prices.amountPlaceholder')}
          value={draft.amount}
          onChange={(event) => set({ amount: event.target.value })}
          style={{ maxWidth: 240 }}
          data-testid="price-amount"
        />
      </Form.Item>
      <Flex wrap gap={16}>
        <Form.Item
          label={t('paymentSetup.prices.earlyAmount')}
          htmlFor="price-early-amount"
          {...errorProps(errors, 'early_amount')}
        >
          <Input
            id="price-early-amount"
            inputMode="decimal"
            autoComplete="off"
            prefix={currency}
            value={draft.early_amount}
            onChange={(event) => set({ early_amount: event.target.value })}
            style={{ maxWidth: 240 }}
            data-testid="price-early-amount"
          />
        </Form.Item>
        <Form.Item
          label={t('paymentSetup.prices.earlyUntil')}
          htmlFor="price-early-until"
          {...errorProps(errors, 'early_until')}
        >
          <DatePicker
            id="price-early-until"
            className="mf-payment-date"
            value={draft.early_day ? dayjs(draft.early_day) : null}
            onChange={(day) => set({ early_day: day ? day.format('YYYY-MM-DD') : null })}
            data-testid="price-early-until"
          />
        </Form.Item>
      </Flex>
      <Alert type="info" title={t('paymentSetup.prices.earlyHelp', { zone: zone ?? '' })} />
      {draft.item_type === 'registration' && (
        <Form.Item {...errorProps(errors, 'member_only')} extra={t('paymentSetup.prices.memberOnlyHelp')}>
          <Checkbox
            checked={draft.member_only}
            onChange={(event) => set({ member_only: event.target.checked })}
            data-testid="price-member-only"
          >
            {t('paymentSetup.prices.memberOnly')}
          </Checkbox>
        </Form.Item>
      )}
    </>
  );
}
