import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { usePermission } from '../../../components/permission.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { moneyText } from '../scan-result.ts';
import type { ShownScan } from '../use-scan-badge.ts';

// The desk's dialog loads only when a payment is taken.
const DeskPaymentDialog = lazy(() => import('./desk-payment-dialog.tsx'));

/**
 * The desk's payment of the unpaid guest just scanned (issue 44): offered online to a holder of
 * `payment:desk`; once paid, the same code is scanned again and admits the guest. While the dialog
 * is open `openRef` is true: the scan screen then leaves keys and focus to it.
 */
export function useDeskPayment(
  meetingId: number,
  latest: ShownScan | null,
  rescan: (code: string) => Promise<void>,
  focusInput: () => void,
) {
  const { t } = useTranslation();
  const { hasAny } = usePermission();
  const [paying, setPaying] = useState<ShownScan | null>(null);
  const openRef = useRef(false);
  useLayoutEffect(() => {
    openRef.current = paying !== null;
  }, [paying]);

  const onTakePayment =
    hasAny('payment:desk') && latest?.due && !latest.offline ? () => setPaying(latest) : undefined;

  const dialog = paying?.due ? (
    <Suspense fallback={null}>
      <DeskPaymentDialog
        meetingId={meetingId}
        code={paying.code}
        guestName={paying.guestName}
        due={paying.due}
        onPaid={(paid) => {
          setPaying(null);
          toast.success(t('attendance.unpaid.paid', { amount: moneyText(paid, paid.amount) }));
          void rescan(paying.code);
        }}
        onCancel={() => {
          setPaying(null);
          focusInput();
        }}
      />
    </Suspense>
  ) : null;
  return { openRef, onTakePayment, dialog };
}
