import { Flex, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import type { CertificateState } from '@meetflow/shared/schemas/certificates';
import type { TFunction } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import type { CertificateRow } from '../certificates-api.ts';
import { formatMinutes, pdfPath } from '../certificate-logic.ts';

const STATE_COLORS: Record<CertificateState, string | undefined> = {
  not_earned: undefined,
  earned: 'processing',
  issued: 'success',
  revoked: 'error',
};

/** Up to two decimals, without trailing zeros. */
const creditsText = (credits: number) => String(Math.round(credits * 100) / 100);

/**
 * The certificate list's columns: the guest, what the event log gives them (time, credits, sessions,
 * days), the certificate's state and issue time, and its PDF once issued.
 */
export function certificateColumns(
  t: TFunction,
  meetingId: number,
  /** Session labels by id, for the sessions' tooltip. */
  sessionNames: ReadonlyMap<number, string>,
): TableColumnsType<CertificateRow> {
  const units = { h: t('certificates.units.h'), min: t('certificates.units.min') };
  return [
    {
      key: 'guest',
      title: t('certificates.list.guest'),
      render: (_, row) => (
        <>
          <div>{row.name}</div>
          {row.institution && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.institution}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'time',
      title: t('certificates.list.time'),
      width: 140,
      render: (_, row) => formatMinutes(row.minutes, units),
    },
    {
      key: 'credits',
      title: t('certificates.list.credits'),
      width: 90,
      align: 'right',
      render: (_, row) => creditsText(row.credits),
    },
    {
      key: 'sessions',
      title: t('certificates.list.sessions'),
      width: 100,
      align: 'right',
      render: (_, row) =>
        row.sessions.length === 0 ? (
          0
        ) : (
          <Tooltip
            title={row.sessions.map((id) => (
              <div key={id}>{sessionNames.get(id) ?? `#${id}`}</div>
            ))}
          >
            <span style={{ borderBottom: '1px dotted currentColor', cursor: 'help' }}>
              {row.sessions.length}
            </span>
          </Tooltip>
        ),
    },
    {
      key: 'days',
      title: t('certificates.list.days'),
      dataIndex: 'days_present',
      width: 100,
      align: 'right',
    },
    {
      key: 'state',
      title: t('certificates.list.state'),
      width: 130,
      render: (_, row) => (
        <Flex gap={4} align="center">
          <Tag color={STATE_COLORS[row.state]} data-testid={`certificate-state-${row.guest_id}`}>
            {t(`certificates.states.${row.state}`)}
          </Tag>
          {row.emailed_at !== null && (
            <Tooltip title={t('certificates.list.emailed', { time: formatDateTime(row.emailed_at) })}>
              <MailOutlined
                aria-label={t('certificates.list.emailed', { time: formatDateTime(row.emailed_at) })}
              />
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      key: 'issued_at',
      title: t('certificates.list.issuedAt'),
      width: 170,
      render: (_, row) => (row.issued_at === null ? '—' : formatDateTime(row.issued_at)),
    },
    {
      key: 'actions',
      title: t('certificates.list.actions'),
      width: 130,
      render: (_, row) =>
        row.state === 'issued' ? (
          <ExportButton
            type="link"
            size="small"
            path={pdfPath(meetingId, row.guest_id)}
            fallbackName={`certificate-${row.guest_id}.pdf`}
            label={t('certificates.list.download')}
            data-testid={`certificate-pdf-${row.guest_id}`}
          />
        ) : null,
    },
  ];
}
