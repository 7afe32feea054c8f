import { Empty, Skeleton, Tag, Typography } from 'antd';
import type { BroadcastSummary } from '@meetflow/shared/schemas/mail';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { broadcastProgress, broadcastUnfinished } from '../broadcast-logic.ts';
import { useBroadcasts } from '../broadcasts-api.ts';
import '../broadcast-i18n.ts';
import './broadcast.css';

const SEGMENTS = ['sent', 'failed', 'skipped'] as const;

/** One broadcast: subject, who sent it when, and a bar of sent / failed / skipped / still queued. */
function BroadcastItem({ broadcast: b }: { broadcast: BroadcastSummary }) {
  const { t } = useTranslation();
  const unfinished = broadcastUnfinished(b);
  const progress = broadcastProgress(b);
  const counts = t('broadcast.counts', {
    sent: b.sent,
    failed: b.failed,
    skipped: b.skipped,
    queued: b.queued,
    recipients: b.recipients,
  });
  const width = (n: number) => (b.recipients > 0 ? `${(n * 100) / b.recipients}%` : '0%');
  return (
    <li className="mf-broadcast-item" data-testid="broadcast-item" data-id={b.id}>
      <div className="mf-broadcast-item-head">
        <strong className="mf-broadcast-subject" data-testid="broadcast-subject">
          {b.subject}
        </strong>
        <Tag color={unfinished ? 'processing' : 'green'} data-testid="broadcast-state">
          {t(unfinished ? 'broadcast.sending' : 'broadcast.finished')}
        </Tag>
      </div>
      <Typography.Text type="secondary">
        {formatDateTime(b.created_at)} · {t('broadcast.by', { name: b.created_by })}
      </Typography.Text>
      <div className="mf-broadcast-progress">
        <div
          className="mf-broadcast-bar"
          role="progressbar"
          aria-label={t('broadcast.progressLabel', { subject: b.subject })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.done}
          aria-valuetext={`${progress.done}% · ${counts}`}
          data-testid="broadcast-progress"
        >
          {SEGMENTS.map((segment) =>
            b[segment] > 0 ? (
              <span
                key={segment}
                className={`mf-broadcast-bar-${segment}`}
                style={{ width: width(b[segment]) }}
              />
            ) : null,
          )}
        </div>
        <span className="mf-broadcast-percent" aria-hidden="true">
          {progress.done}%
        </span>
      </div>
      <Typography.Text data-testid="broadcast-counts">{counts}</Typography.Text>
    </li>
  );
}

/** The meeting's broadcasts, newest first, followed every few seconds while any is being sent. */
export function BroadcastHistory({ meetingId }: { meetingId: number }) {
  const { t } = useTranslation();
  const query = useBroadcasts(meetingId);
  const items = query.data?.items ?? [];
  const following = items.some(broadcastUnfinished);

  return (
    <section aria-label={t('broadcast.history')} data-testid="broadcast-history">
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : query.isError && !query.data ? (
        <LoadError
          title={t('broadcast.loadFailed')}
          reason={query.error.message}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : items.length === 0 ? (
        <Empty description={t('broadcast.empty')} data-testid="broadcast-empty" />
      ) : (
        <>
          {following && (
            <Typography.Paragraph type="secondary" data-testid="broadcast-following">
              {t('broadcast.following')}
            </Typography.Paragraph>
          )}
          <ul className="mf-broadcast-list" data-testid="broadcast-list">
            {items.map((b) => (
              <BroadcastItem key={b.id} broadcast={b} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
