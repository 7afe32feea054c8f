import { useTranslation } from '../../../../lib/i18n.ts';
import { usePageLanguage } from '../../components/public-frame.tsx';
import { formatDateTime } from '../../display.ts';
import { formatRemaining } from '../order-view.ts';
import { useNow } from '../use-now.ts';

const SOON_MS = 5 * 60 * 1000;

/**
 * How long the seat is held: the time it ends (the meeting's clock) and the time left, ticking. The
 * ticking figure is a timer a screen reader does not read out every second; crossing the last five
 * minutes, and the end, are said once.
 */
export function HoldTimer({ holdUntil, zone }: { holdUntil: number; zone: string }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const now = useNow(1000, true);
  const left = holdUntil - now;
  return (
    <div className={`mf-pay-hold${left <= SOON_MS ? ' is-soon' : ''}`} data-testid="hold-timer">
      <p className="mf-pay-hold-until">
        {t('pubPay.holdUntil', { time: formatDateTime(holdUntil, zone, lang) })}
      </p>
      <p className="mf-pay-hold-left">
        <span>{t('pubPay.timeLeft')}</span>{' '}
        <strong role="timer" aria-live="off" data-testid="hold-left">
          {formatRemaining(left)}
        </strong>
      </p>
      <p className="mf-pay-hold-warn" role="status">
        {left <= 0 ? t('pubPay.holdEnded') : left <= SOON_MS ? t('pubPay.holdSoon') : ''}
      </p>
    </div>
  );
}
