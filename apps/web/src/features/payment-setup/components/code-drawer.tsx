import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Flex, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { fieldMessage } from '@meetflow/shared/field-messages';
import type { DiscountCode, DiscountCodeBody, PriceList } from '@meetflow/shared/schemas/payments';
import { dayjs } from '../../../lib/dayjs.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { reportFailure } from '../../../lib/http.ts';
import { useServerTimeZone } from '../../../lib/server-time.ts';
import { toast } from '../../../lib/toast.ts';
import { errorProps } from '../../../components/localized-inputs.tsx';
import { codeBody, codeDraft, priceName, serverFieldErrors, type CodeDraft } from '../payment-setup-logic.ts';
import { UnplacedAlert } from './unplaced-alert.tsx';
import '../i18n.ts';

type SaveMutation = UseMutationResult<
  DiscountCode,
  Error,
  { id: number | null; body: DiscountCodeBody; silent: boolean }
>;

const SHOWN = [
  'code',
  'kind',
  'value',
  'price_item_ids',
  'max_uses',
  'valid_from',
  'valid_until',
  'enabled',
  'note',
];

/** Adds or edits one discount code: what it takes off, from which prices, how often and when. */
export function CodeDrawer(props: {
  prices: PriceList;
  code: DiscountCode | null;
  onClose: () => void;
  save: SaveMutation;
}) {
  const { prices, code, save } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useServerTimeZone();
  const [draft, setDraft] = useState<CodeDraft>(() => codeDraft(code, zone));
  const [errors, setErrors] = useState<Record<string, string>>();
  const set = (change: Partial<CodeDraft>) => setDraft({ ...draft, ...change });
  // A price deleted since stays listed by id only: offered here are the live ones and those chosen.
  const choices = prices.items.filter((item) => !item.retired || draft.price_item_ids.includes(item.id));

  const submit = async () => {
    const result = codeBody(draft, zone);
    if ('errors' in result) {
      setErrors(
        Object.fromEntries(Object.entries(result.errors).map(([f, key]) => [f, fieldMessage(key!, lang)])),
      );
      return;
    }
    setErrors(undefined);
    try {
      await save.mutateAsync({ id: code?.id ?? null, body: result.body, silent: true });
      toast.success(t('paymentSetup.codes.saved'));
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
      title={code ? t('paymentSetup.codes.editTitle') : t('paymentSetup.codes.add')}
      size="min(560px, 100vw)"
      onClose={props.onClose}
      destroyOnHidden
      rootClassName="mf-payment-drawer"
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={props.onClose} data-testid="code-cancel">
            {t('paymentSetup.cancel')}
          </Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => void submit()}
            data-testid="code-save"
          >
            {t('paymentSetup.save')}
          </Button>
        </Flex>
      }
      data-testid="code-drawer"
    >
      <Form layout="vertical" component="div">
        <UnplacedAlert errors={errors} shown={SHOWN} />
        <Form.Item
          label={t('paymentSetup.codes.code')}
          htmlFor="code-text"
          required
          extra={t('paymentSetup.codes.codeHelp')}
          {...errorProps(errors, 'code')}
        >
          <Input
            id="code-text"
            autoComplete="off"
            maxLength={40}
            value={draft.code}
            onChange={(event) => set({ code: event.target.value })}
            onBlur={() => set({ code: draft.code.trim().toUpperCase() })}
            style={{ maxWidth: 320, textTransform: 'uppercase' }}
            data-testid="code-text"
          />
        </Form.Item>
        <Form.Item label={<span id="code-kind-label">{t('paymentSetup.codes.kind')}</span>}>
          <Radio.Group
            aria-labelledby="code-kind-label"
            value={draft.kind}
            onChange={(event) => set({ kind: event.target.value as CodeDraft['kind'] })}
            options={(['percent', 'fixed'] as const).map((kind) => ({
              value: kind,
              label: <span data-testid={`code-kind-${kind}`}>{t(`paymentSetup.codes.kinds.${kind}`)}</span>,
            }))}
          />
        </Form.Item>
        {draft.kind === 'percent' ? (
          <Form.Item
            label={t('paymentSetup.codes.percent')}
            htmlFor="code-percent"
            required
            extra={t('paymentSetup.codes.percentHelp')}
            {...errorProps(errors, 'value')}
          >
            <InputNumber
              id="code-percent"
              min={1}
              max={100}
              precision={0}
              suffix="%"
              value={draft.percent}
              onChange={(percent) => set({ percent })}
              data-testid="code-percent"
            />
          </Form.Item>
        ) : (
          <Form.Item
            label={t('paymentSetup.codes.fixedAmount')}
            htmlFor="code-fixed"
            required
            {...errorProps(errors, 'value')}
          >
            <Input
              id="code-fixed"
              inputMode="decimal"
              autoComplete="off"
              prefix={prices.currency ?? ''}
              value={draft.fixed}
              onChange={(event) => set({ fixed: event.target.value })}
              style={{ maxWidth: 240 }}
              data-testid="code-fixed"
            />
          </Form.Item>
        )}
        <Form.Item
          label={t('paymentSetup.codes.appliesTo')}
          htmlFor="code-items"
          {...errorProps(errors, 'price_item_ids')}
        >
          <Select
            id="code-items"
            mode="multiple"
            allowClear
            placeholder={t('paymentSetup.codes.allItems')}
            value={draft.price_item_ids}
            onChange={(price_item_ids: number[]) => set({ price_item_ids })}
            options={choices.map((item) => ({ value: item.id, label: priceName(item, prices, lang) }))}
            data-testid="code-items"
          />
        </Form.Item>
        <CodeLimits draft={draft} set={set} errors={errors} zone={zone} />
      </Form>
    </Drawer>
  );
}

/** How often and when a code may be used, its note and its switch. */
function CodeLimits(props: {
  draft: CodeDraft;
  set: (change: Partial<CodeDraft>) => void;
  errors: Record<string, string> | undefined;
  zone: string | undefined;
}) {
  const { t } = useTranslation();
  const { draft, set, errors, zone } = props;
  return (
    <>
      <Form.Item
        label={t('paymentSetup.codes.maxUses')}
        htmlFor="code-max-uses"
        extra={t('paymentSetup.codes.maxUsesHelp')}
        {...errorProps(errors, 'max_uses')}
      >
        <InputNumber
          id="code-max-uses"
          min={0}
          max={1_000_000}
          precision={0}
          value={draft.max_uses}
          onChange={(value) => set({ max_uses: value ?? 0 })}
          data-testid="code-max-uses"
        />
      </Form.Item>
      <Form.Item
        label={t('paymentSetup.codes.validity')}
        htmlFor="code-validity"
        extra={t('paymentSetup.codes.validityHelp', { zone: zone ?? '' })}
        {...errorProps(errors, 'valid_until')}
        {...(errors?.valid_from ? errorProps(errors, 'valid_from') : {})}
      >
        <DatePicker.RangePicker
          id={{ start: 'code-validity' }}
          className="mf-payment-date"
          allowEmpty={[true, true]}
          value={[
            draft.from_day ? dayjs(draft.from_day) : null,
            draft.until_day ? dayjs(draft.until_day) : null,
          ]}
          onChange={(days) =>
            set({
              from_day: days?.[0] ? days[0].format('YYYY-MM-DD') : null,
              until_day: days?.[1] ? days[1].format('YYYY-MM-DD') : null,
            })
          }
          data-testid="code-validity"
        />
      </Form.Item>
      <Form.Item label={t('paymentSetup.codes.note')} htmlFor="code-note" {...errorProps(errors, 'note')}>
        <Input
          id="code-note"
          maxLength={200}
          value={draft.note}
          onChange={(event) => set({ note: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={<span id="code-enabled-label">{t('paymentSetup.codes.enabled')}</span>}>
        <Switch
          aria-labelledby="code-enabled-label"
          checked={draft.enabled}
          onChange={(enabled) => set({ enabled })}
          data-testid="code-form-enabled"
        />
      </Form.Item>
    </>
  );
}
