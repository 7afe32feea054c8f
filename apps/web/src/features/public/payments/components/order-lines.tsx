import type { OrderLine } from '@meetflow/shared/schemas/payments';
import { useTranslation } from '../../../../lib/i18n.ts';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { formatMoney } from '../money.ts';

/**
 * The lines of a quote or an order with their discounts, then subtotal, discount and total — the
 * server's figures as they came. `totalLabel` names the last row ("Total", "Amount to pay").
 */
export function OrderLines({
  figures,
  totalLabel,
  testId,
}: {
  figures: {
    currency: string;
    lines: readonly OrderLine[];
    subtotal: number;
    discount_amount: number;
    total: number;
  };
  totalLabel: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const money = (minor: number) => formatMoney(figures.currency, minor);
  return (
    <div className="mf-pay-lines" data-testid={testId}>
      <ul className="mf-pay-line-list">
        {figures.lines.map((line, index) => (
          <li key={`${line.price_item_id}-${line.schedule_id ?? ''}-${index}`} className="mf-pay-line">
            <span className="mf-pay-line-name">
              {line.description[lang]}
              {line.early_bird && <span className="mf-pay-tag">{t('pubPay.earlyBirdTag')}</span>}
            </span>
            <span className="mf-pay-line-amount">{money(line.amount)}</span>
            {line.discount > 0 && (
              <>
                <span className="mf-pay-line-name mf-pay-minor">{t('pubPay.discount')}</span>
                <span className="mf-pay-line-amount mf-pay-minor">−{money(line.discount)}</span>
              </>
            )}
          </li>
        ))}
      </ul>
      <dl className="mf-pay-totals">
        {figures.discount_amount > 0 && (
          <>
            <div>
              <dt>{t('pubPay.subtotal')}</dt>
              <dd>{money(figures.subtotal)}</dd>
            </div>
            <div>
              <dt>{t('pubPay.discount')}</dt>
              <dd data-testid={`${testId}-discount`}>−{money(figures.discount_amount)}</dd>
            </div>
          </>
        )}
        <div className="mf-pay-total">
          <dt>{totalLabel}</dt>
          <dd data-testid={`${testId}-total`}>{money(figures.total)}</dd>
        </div>
      </dl>
    </div>
  );
}
