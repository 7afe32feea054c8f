import { useState } from 'react';
import { Button, Flex, Input, Modal, Popconfirm, Typography, type ButtonProps } from 'antd';
import { MailOutlined, SafetyCertificateOutlined, StopOutlined } from '@ant-design/icons';
import type { CertificatePage } from '@meetflow/shared/schemas/certificates';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { useCertificateAction, type CertificateAction } from '../certificates-api.ts';
import { exportPath, zipPath, type CertificateFilters } from '../certificate-logic.ts';

/** `data-testid` on an antd button inside a Popconfirm or a Modal. */
const testId = (id: string) => ({ 'data-testid': id }) as ButtonProps;

/**
 * Issue (all who earned, or the selected), revoke with a reason, e-mail, and the downloads. Each
 * bulk change asks first; the result comes back as a toast ("12 issued, 3 skipped").
 */
export function CertificateActions(props: {
  meetingId: number;
  filters: CertificateFilters;
  selected: number[];
  counts: CertificatePage['counts'] | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { meetingId, selected, counts } = props;
  const action = useCertificateAction(meetingId);
  const [revoking, setRevoking] = useState(false);
  const [reason, setReason] = useState('');
  const busy = action.isPending;

  async function run(next: CertificateAction) {
    try {
      const result = await action.mutateAsync(next);
      toast.success(t(`certificates.results.${next.kind}`, { done: result.done, skipped: result.skipped }));
      props.onDone();
      return true;
    } catch {
      // The HTTP client has shown the server's message (no mail server, a revoked certificate…).
      return false;
    }
  }

  const some = selected.length > 0;
  const targets = some ? { guest_ids: selected } : null;
  const issued = counts?.issued ?? 0;

  return (
    <Flex wrap align="center" gap={8} style={{ marginBottom: 12 }} data-testid="certificate-actions">
      <Popconfirm
        title={t('certificates.actions.issueAllConfirm')}
        okText={t('certificates.actions.ok')}
        cancelText={t('certificates.actions.cancel')}
        okButtonProps={testId('certificate-issue-all-confirm')}
        onConfirm={() => run({ kind: 'issue', targets: { all_earned: true } })}
        disabled={busy}
      >
        <Button
          type="primary"
          icon={<SafetyCertificateOutlined />}
          loading={busy && action.variables?.kind === 'issue'}
          disabled={!counts || counts.earned === 0}
          data-testid="certificate-issue-all"
        >
          {t('certificates.actions.issueAll')}
        </Button>
      </Popconfirm>
      <Button
        icon={<SafetyCertificateOutlined />}
        disabled={!targets || busy}
        onClick={() => targets && void run({ kind: 'issue', targets })}
        data-testid="certificate-issue-selected"
      >
        {t('certificates.actions.issueSelected')}
      </Button>
      <Button
        danger
        icon={<StopOutlined />}
        disabled={!some || busy}
        onClick={() => {
          setReason('');
          setRevoking(true);
        }}
        data-testid="certificate-revoke-selected"
      >
        {t('certificates.actions.revokeSelected')}
      </Button>
      <Popconfirm
        title={
          some
            ? t('certificates.actions.sendSelectedConfirm', { count: selected.length })
            : t('certificates.actions.sendAllConfirm', { count: issued })
        }
        okText={t('certificates.actions.ok')}
        cancelText={t('certificates.actions.cancel')}
        okButtonProps={testId('certificate-send-confirm')}
        onConfirm={() => run({ kind: 'send', targets: targets ?? { all_earned: true } })}
        disabled={busy || (!some && issued === 0)}
      >
        <Button
          icon={<MailOutlined />}
          loading={busy && action.variables?.kind === 'send'}
          disabled={!some && issued === 0}
          data-testid="certificate-send"
        >
          {t('certificates.actions.send')}
        </Button>
      </Popconfirm>
      <ExportButton
        path={zipPath(meetingId)}
        fallbackName="certificates.zip"
        label={t('certificates.actions.zip')}
        disabled={issued === 0}
        data-testid="certificate-zip"
      />
      <ExportButton
        path={exportPath(meetingId, props.filters)}
        fallbackName="certificates.xlsx"
        label={t('certificates.actions.xlsx')}
        data-testid="certificate-export"
      />
      {some && (
        <Typography.Text type="secondary" data-testid="certificate-selected">
          {t('certificates.list.selected', { count: selected.length })}{' '}
          <Typography.Link onClick={props.onDone}>{t('certificates.list.clearSelection')}</Typography.Link>
        </Typography.Text>
      )}
      <Modal
        open={revoking}
        title={t('certificates.actions.revokeTitle', { count: selected.length })}
        okText={t('certificates.actions.revoke')}
        cancelText={t('certificates.actions.cancel')}
        okButtonProps={{ danger: true, ...testId('certificate-revoke-confirm') }}
        confirmLoading={busy}
        onCancel={() => setRevoking(false)}
        onOk={async () => {
          if (await run({ kind: 'revoke', guestIds: selected, reason: reason.trim() })) setRevoking(false);
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('certificates.actions.revokeHint')}</Typography.Paragraph>
        <Input.TextArea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={200}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={t('certificates.actions.reason')}
          aria-label={t('certificates.actions.reason')}
          data-testid="certificate-revoke-reason"
        />
      </Modal>
    </Flex>
  );
}
