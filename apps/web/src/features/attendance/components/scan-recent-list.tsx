import { Tag, Typography } from 'antd';
import { dayjs } from '../../../lib/dayjs.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { TONE_COLORS, type ScanFeedback } from '../scan-result.ts';

/** The last scans, newest first, each in its answer's colour. */
export function ScanRecentList({ recent }: { recent: ScanFeedback[] }) {
  const { t } = useTranslation();
  return (
    <section className="scan-recent" aria-label={t('attendance.recent')}>
      <Typography.Text type="secondary">{t('attendance.recent')}</Typography.Text>
      <ol data-testid="scan-recent">
        {recent.map((item, index) => (
          <li key={`${item.at}-${index}`} style={{ borderLeftColor: TONE_COLORS[item.tone].border }}>
            <span>{dayjs(item.at).format('HH:mm:ss')}</span>
            <span className="scan-recent-name">{item.guestName ?? item.code}</span>
            <span>
              {item.offline && <Tag color="orange">{t('station.offline')}</Tag>} {t(item.headlineKey)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
