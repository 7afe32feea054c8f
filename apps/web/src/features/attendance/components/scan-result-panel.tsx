import { Button, Tag } from 'antd';
import { DollarOutlined, PrinterOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { PRINT_BADGE_KEY } from '../badge-print.ts';
import { moneyText, TONE_COLORS } from '../scan-result.ts';
import type { BadgeState, ShownScan } from '../use-scan-badge.ts';
import '../door-questions-i18n.ts';

/** The last scan's answer in colour: headline, guest, reason, and the badge button when it may be printed. */
export function ScanResultPanel(props: {
  latest: ShownScan | null;
  canPrint: boolean;
  badgeFor: BadgeState | null;
  onPrint: () => void;
  /** The last check-in's door answers: on the server, or kept here to go up with the scans. */
  answered?: 'saved' | 'queued' | null;
  /** Offered on an unpaid guest's refusal to a holder of payment:desk, online (issue 44). */
  onTakePayment?: () => void;
}) {
  const { t } = useTranslation();
  const { latest, badgeFor } = props;
  const colors = latest ? TONE_COLORS[latest.tone] : null;
  return (
    <section
      className="scan-result"
      style={colors ? { background: colors.background, borderColor: colors.border } : undefined}
      data-testid="scan-result"
      data-tone={latest?.tone ?? 'idle'}
      aria-live="assertive"
    >
      {latest ? (
        <>
          <div
            className="scan-result-headline"
            style={{ color: colors?.text }}
            data-testid="scan-result-headline"
          >
            {t(latest.headlineKey)}
            {latest.type && (
              <span className="scan-result-type"> · {t(`attendance.directions.${latest.type}`)}</span>
            )}
            {latest.offline && (
              <Tag color="orange" className="scan-result-offline" data-testid="scan-result-offline">
                {t('station.judgedOffline')}
              </Tag>
            )}
          </div>
          {latest.guestName && (
            <div className="scan-result-name" data-testid="scan-result-name">
              {latest.guestName}
            </div>
          )}
          {latest.userType && <div className="scan-result-detail">{latest.userType}</div>}
          {latest.reason && (
            <div className="scan-result-detail" data-testid="scan-result-reason">
              {latest.reason}
            </div>
          )}
          {latest.noteKey && <div className="scan-result-detail">{t(latest.noteKey)}</div>}
          {latest.due && (
            <div className="scan-result-detail" data-testid="scan-result-unpaid">
              <strong data-testid="scan-result-due">
                {t('attendance.unpaid.due', {
                  amount: moneyText(latest.due, latest.due.amount_due),
                })}
              </strong>
              <div>{t('attendance.unpaid.reference', { reference: latest.due.reference })}</div>
            </div>
          )}
          {latest.unpaid && (
            <div className="scan-result-detail" style={{ marginTop: 6 }}>
              {props.onTakePayment ? (
                <Button
                  type="primary"
                  icon={<DollarOutlined />}
                  onClick={props.onTakePayment}
                  data-testid="scan-take-payment"
                >
                  {t('attendance.unpaid.take')}
                </Button>
              ) : (
                t('attendance.unpaid.noDesk')
              )}
            </div>
          )}
          {latest.previousAt !== null && (
            <div className="scan-result-detail">
              {t('attendance.earlier', { time: formatDateTime(latest.previousAt) })}
            </div>
          )}
          {props.answered && (
            <div className="scan-result-detail" data-testid="scan-door-answers" data-status={props.answered}>
              {t(`doorQuestions.${props.answered}`)}
            </div>
          )}
          {props.canPrint && (
            <div className="scan-result-detail" style={{ marginTop: 6 }}>
              <Button
                icon={<PrinterOutlined />}
                loading={badgeFor?.status === 'busy'}
                // The code field keeps the focus: a click must not take it, nor the next scan's Enter.
                tabIndex={-1}
                onMouseDown={(event) => event.preventDefault()}
                onClick={props.onPrint}
                aria-keyshortcuts={PRINT_BADGE_KEY}
                data-testid="scan-print-badge"
              >
                {`${t(badgeFor?.status === 'busy' ? 'attendance.badge.printing' : 'attendance.badge.print')} (${PRINT_BADGE_KEY})`}
              </Button>
              {badgeFor && badgeFor.status !== 'busy' && (
                <div data-testid="scan-print-badge-note">
                  {badgeFor.status === 'failed'
                    ? badgeFor.message || t('attendance.badge.failed')
                    : t(`attendance.badge.${badgeFor.status}`)}
                </div>
              )}
            </div>
          )}
        </>
      ) : (
        <div className="scan-result-idle">{t('attendance.waiting')}</div>
      )}
    </section>
  );
}
