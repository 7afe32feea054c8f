import { useTranslation } from '../../../../lib/i18n.ts';
import { errorMessage } from '../../components/public-frame.tsx';
import { formatMoney } from '../money.ts';
import { isDiscountRefusal } from '../payments-api.ts';
import type { QuoteState } from '../use-quote.ts';
import { OrderLines } from './order-lines.tsx';

/**
 * The amount to pay as the server's quote gives it: its lines, discount and total; while a new
 * quote is asked the last one stays, marked busy; a failure offers to ask again. The total is a
 * polite live region, so a screen reader hears it change as sessions are ticked.
 */
export function QuoteBox({ state, onRetry }: { state: QuoteState; onRetry: () => void }) {
  const { t } = useTranslation();
  const shown =
    state.status === 'ready'
      ? state.quote
      : state.status === 'loading' || state.status === 'failed'
        ? state.last
        : null;
  const busy = state.status === 'loading';
  // A refused code is told under its field; the quote is then asked again without it.
  const failed = state.status === 'failed' && !isDiscountRefusal(state.error) ? state.error : null;
  return (
    <section
      className="mf-pay-box mf-pay-quote"
      aria-labelledby="pub-pay-total"
      aria-busy={busy}
      data-testid="quote"
      data-state={state.status}
    >
      <h3 className="mf-pay-h3" id="pub-pay-total">
        {t('pubPay.totalTitle')}
      </h3>
      {state.status === 'idle' && <p className="mf-pub-hint">{t('pubPay.quoteChooseTicket')}</p>}
      {shown && (
        <div className={busy ? 'mf-pay-stale' : undefined}>
          <OrderLines figures={shown} totalLabel={t('pubPay.total')} testId="quote-lines" />
        </div>
      )}
      <p className="mf-pay-sr" aria-live="polite" aria-atomic="true">
        {state.status === 'ready'
          ? `${t('pubPay.total')} ${formatMoney(state.quote.currency, state.quote.total)}`
          : ''}
      </p>
      {busy && (
        <p className="mf-pub-hint" role="status">
          {t('pubPay.quoteLoading')}
        </p>
      )}
      {failed && (
        <div role="alert" className="mf-pub-notice" data-testid="quote-error">
          <p>
            {t('pubPay.quoteFailed', {
              reason: errorMessage(failed, t('pub.loadFailed'), t('pub.networkError')),
            })}
          </p>
          <button type="button" className="mf-pub-button mf-pub-secondary" onClick={onRetry}>
            {t('pub.retry')}
          </button>
        </div>
      )}
    </section>
  );
}
