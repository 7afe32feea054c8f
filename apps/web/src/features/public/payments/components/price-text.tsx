import type { PublicPrice } from '@meetflow/shared/schemas/payments';
import { useTranslation } from '../../../../lib/i18n.ts';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { earlyBirdLastDay, formatLongDay, formatMoney } from '../money.ts';

/**
 * A price as the form shows it (two items of its row's grid: the price beside the name, the
 * early-bird line across the row under them): what a sign-up now is charged (the server's `current`), and while
 * the early-bird price runs, until which day (in the meeting's zone) and what comes after.
 */
export function PriceText({ price, currency, zone }: { price: PublicPrice; currency: string; zone: string }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const early =
    price.early_amount !== null && price.early_until !== null && price.current === price.early_amount;
  return (
    <>
      <span className="mf-pay-price" data-testid={`price-${price.price_item_id}`}>
        {formatMoney(currency, price.current)}
      </span>
      {early && price.early_until !== null && (
        <span className="mf-pay-early" data-testid={`early-bird-${price.price_item_id}`}>
          {t('pubPay.earlyBird', {
            price: formatMoney(currency, price.current),
            day: formatLongDay(earlyBirdLastDay(price.early_until, zone), lang),
          })}
          {lang === 'en' ? ', ' : '，'}
          {t('pubPay.thenPrice', { price: formatMoney(currency, price.amount) })}
        </span>
      )}
    </>
  );
}
