import type { PublicPrice, PublicPricing } from '@meetflow/shared/schemas/payments';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { nameIn, type Language } from '@meetflow/shared/languages';
import { useTranslation } from '../../../../lib/i18n.ts';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { methodsInOrder } from '../order-view.ts';
import { PriceText } from './price-text.tsx';

/** The name a price goes by: its registration type's or session's, else its own (a ticket kind). */
export function priceName(meeting: PublicMeeting, price: PublicPrice, lang: Language): string {
  const type = meeting.user_types.find((u) => u.id === price.user_type_id);
  if (type) return nameIn(lang, type.name, type.name_cn, type.name_en);
  const session = meeting.schedules.find((s) => s.id === price.schedule_id);
  if (session) return nameIn(lang, session.name, session.name_cn, session.name_en);
  return nameIn(lang, price.name, price.name_cn, price.name_en);
}

/** What a member-only price says beside its name: who may have it. */
export function MemberTag() {
  const { t } = useTranslation();
  return (
    <span className="mf-pay-member" data-testid="member-price">
      {t('pubPay.memberPrice')}
    </span>
  );
}

function Prices({
  meeting,
  pricing,
  prices,
  title,
  testId,
}: {
  meeting: PublicMeeting;
  pricing: PublicPricing;
  prices: readonly PublicPrice[];
  title: string;
  testId: string;
}) {
  const lang = usePageLanguage();
  if (prices.length === 0) return null;
  return (
    <>
      <h4 className="mf-pay-h4">{title}</h4>
      <ul className="mf-pay-fees" data-testid={testId}>
        {prices.map((price) => (
          <li key={price.price_item_id} className="mf-pay-fee">
            <span className="mf-pay-fee-name">{priceName(meeting, price, lang)}</span>
            {price.member_only && <MemberTag />}
            <PriceText price={price} currency={pricing.currency} zone={meeting.time_zone} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The date-schedule form's first step: the fee of each registration type and of each priced
 * session, before the visitor picks theirs; the ways to pay and how long a seat is held.
 */
export function FeeList({ meeting, pricing }: { meeting: PublicMeeting; pricing: PublicPricing }) {
  const { t } = useTranslation();
  return (
    <section className="mf-pay-box" aria-labelledby="pub-pay-fees" data-testid="fee-list">
      <h3 className="mf-pay-h3" id="pub-pay-fees">
        {t('pubPay.feesTitle')}
      </h3>
      <Prices
        meeting={meeting}
        pricing={pricing}
        prices={pricing.registration}
        title={t('pubPay.registrationFees')}
        testId="fees-registration"
      />
      <Prices
        meeting={meeting}
        pricing={pricing}
        prices={pricing.sessions}
        title={t('pubPay.sessionFees')}
        testId="fees-sessions"
      />
      <PayingNotes pricing={pricing} />
    </section>
  );
}

/** How long a seat is held after the sign-up, and the ways to pay. */
export function PayingNotes({ pricing }: { pricing: PublicPricing }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const methods = methodsInOrder({ methods: pricing.methods.map((method) => ({ method })) })
    .map((m) => t(`pubPay.method.${m.method}`))
    .join(lang === 'en' ? ', ' : '、');
  return (
    <>
      {methods && <p className="mf-pub-hint">{t('pubPay.methodsNote', { methods })}</p>}
      <p className="mf-pub-hint" data-testid="hold-note">
        {t('pubPay.holdNote', { minutes: pricing.hold_minutes })}
      </p>
    </>
  );
}
