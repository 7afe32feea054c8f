import { useState, type ReactNode } from 'react';
import type { GuestOrder, PaymentInstructions } from '@meetflow/shared/schemas/payments';
import { useTranslation } from '../../../../lib/i18n.ts';
import { errorMessage, usePageLanguage } from '../../components/public-frame.tsx';
import { formatAmount, formatMoney } from '../money.ts';
import { methodsInOrder, noteCheckoutStarted } from '../order-view.ts';
import { CopyFact } from './copy-button.tsx';
import { PaymentQr } from './payment-qr.tsx';

/** A checkout address worth going to: http(s) only (never a script URL from a bad answer). */
function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function MethodSection({ method, children }: { method: PaymentInstructions['method']; children: ReactNode }) {
  const { t } = useTranslation();
  const id = `pub-pay-method-${method}`;
  return (
    <section className="mf-pay-method" aria-labelledby={id} data-testid={`pay-${method}`}>
      <h4 className="mf-pay-h4" id={id}>
        {t(`pubPay.method.${method}`)}
      </h4>
      {children}
    </section>
  );
}

/** The amount and the reference: the two things every bank asks for. */
function AmountAndReference({ order, reference }: { order: GuestOrder; reference: string }) {
  const { t } = useTranslation();
  return (
    <>
      <CopyFact label={t('pubPay.amount')} value={formatAmount(order.total)} testId="pay-amount" />
      <CopyFact label={t('pubPay.reference')} value={reference} testId="pay-reference" />
    </>
  );
}

function PayFps({ order, how }: { order: GuestOrder; how: PaymentInstructions }) {
  const { t } = useTranslation();
  const reference = how.reference ?? order.reference;
  return (
    <MethodSection method="fps">
      <p className="mf-pay-text">{t('pubPay.fpsIntro')}</p>
      {how.fps_payload && (
        <PaymentQr
          payload={how.fps_payload}
          label={t('pubPay.fpsQrLabel', { amount: formatMoney(order.currency, order.total) })}
          fileName={`FPS-${reference}.png`}
        />
      )}
      <dl className="mf-pay-facts">
        <AmountAndReference order={order} reference={reference} />
      </dl>
    </MethodSection>
  );
}

function PayTransfer({ order, how }: { order: GuestOrder; how: PaymentInstructions }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const note = how.note?.[lang].trim();
  return (
    <MethodSection method="transfer">
      <p className="mf-pay-text">{t('pubPay.transferIntro')}</p>
      <dl className="mf-pay-facts">
        {how.bank && (
          <>
            <div className="mf-pay-fact">
              <dt>{t('pubPay.bankName')}</dt>
              <dd data-testid="pay-bank-name">{how.bank.bank_name}</dd>
            </div>
            <div className="mf-pay-fact">
              <dt>{t('pubPay.accountName')}</dt>
              <dd data-testid="pay-account-name">{how.bank.account_name}</dd>
            </div>
            <CopyFact
              label={t('pubPay.accountNumber')}
              value={how.bank.account_number}
              testId="pay-account-number"
            />
          </>
        )}
        <AmountAndReference order={order} reference={how.reference ?? order.reference} />
      </dl>
      {note && (
        <p className="mf-pay-note" data-testid="pay-transfer-note">
          {note}
        </p>
      )}
    </MethodSection>
  );
}

type Going = { status: 'idle' | 'going' } | { status: 'failed'; message: string };

/**
 * Opens the hosted checkout of the order: the guest's own (by their token) or a group's (by the
 * contact's group token). The server answers the address to go to.
 */
export type StartCheckout = () => Promise<{ url: string }>;

/**
 * Card, Alipay or WeChat Pay: the server makes a hosted checkout and the browser goes there. The
 * page notes that the payer left (order-view.ts): back here it says the payment is being confirmed,
 * and believes only the order's status.
 */
function PayOnline({ order, checkout }: { order: GuestOrder; checkout: StartCheckout }) {
  const { t } = useTranslation();
  const [going, setGoing] = useState<Going>({ status: 'idle' });
  const go = async () => {
    if (going.status === 'going') return;
    setGoing({ status: 'going' });
    try {
      const { url } = await checkout();
      const target = safeUrl(url);
      if (!target) throw new Error(t('pub.loadFailed'));
      noteCheckoutStarted(order.id, Date.now());
      window.location.assign(target);
    } catch (error) {
      setGoing({
        status: 'failed',
        message: t('pubPay.stripeFailed', {
          reason: errorMessage(error, t('pub.loadFailed'), t('pub.networkError')),
        }),
      });
    }
  };
  return (
    <MethodSection method="stripe">
      <p className="mf-pay-text">{t('pubPay.stripeIntro')}</p>
      <button
        type="button"
        className="mf-pub-button mf-pub-block"
        disabled={going.status === 'going'}
        aria-busy={going.status === 'going'}
        onClick={() => void go()}
        data-testid="pay-checkout"
      >
        {going.status === 'going' ? t('pubPay.stripeGoing') : t('pubPay.stripePay')}
      </button>
      <div role="alert">
        {going.status === 'failed' && (
          <p className="mf-pub-notice mf-pub-after" data-testid="pay-checkout-error">
            {going.message}
          </p>
        )}
      </div>
    </MethodSection>
  );
}

/** One section per way the meeting offers, each with what to do. */
export function PaymentMethods({ order, checkout }: { order: GuestOrder; checkout: StartCheckout }) {
  const { t } = useTranslation();
  return (
    <section className="mf-pay-methods" aria-labelledby="pub-pay-how">
      <h3 className="mf-pay-h3" id="pub-pay-how">
        {t('pubPay.howToPay')}
      </h3>
      {methodsInOrder(order).map((how) => {
        switch (how.method) {
          case 'fps':
            return <PayFps key="fps" order={order} how={how} />;
          case 'transfer':
            return <PayTransfer key="transfer" order={order} how={how} />;
          case 'stripe':
            return <PayOnline key="stripe" order={order} checkout={checkout} />;
          case 'desk':
            return (
              <MethodSection key="desk" method="desk">
                <p className="mf-pay-text">{t('pubPay.deskIntro')}</p>
              </MethodSection>
            );
          default:
            return null;
        }
      })}
    </section>
  );
}
