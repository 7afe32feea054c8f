import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../../lib/i18n.ts';
import type { PricingSectionProps } from './pricing-section.tsx';

const PricingSection = lazy(() => import('./pricing-section.tsx'));

/**
 * Where a sign-up form shows a paid meeting's prices and total (issue 44). Nothing for a free
 * meeting; for a paid one the section, its strings and styles load as their own chunk.
 */
export function PricingSlot(props: PricingSectionProps) {
  const { t } = useTranslation();
  if (!props.meeting.pricing) return null;
  return (
    <Suspense
      fallback={
        <p className="mf-pub-hint" role="status">
          {t('pub.loading')}
        </p>
      }
    >
      <PricingSection {...props} />
    </Suspense>
  );
}
