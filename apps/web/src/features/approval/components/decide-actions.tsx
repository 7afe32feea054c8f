import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Popconfirm, Typography, type ButtonProps } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { REASON_MAX, type ApplicationItem } from '@meetflow/shared/schemas/approval';
import { ERRORS, errorMessage, type ErrorName } from '@meetflow/shared/errors';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { refusalText } from '../../../lib/refusal-text.ts';
import { useDecide } from '../approval-api.ts';
import { decideSummary, refusalKey, type DecideSummary } from '../approval-logic.ts';
import '../i18n.ts';

/**
 * "Approve" and "Reject…" for the chosen applications: approval after a confirmation, rejection
 * with a reason (required) in a dialog; one request either way, whose outcome (decided, and who
 * was not with why) is handed back to the page.
 */
export function DecideActions(props: {
  meetingId: number;
  chosen: ApplicationItem[];
  eraseDays: number | undefined;
  onDone: (summary: DecideSummary) => void;
}) {
  const { t } = useTranslation();
  const decide = useDecide(props.meetingId);
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const count = props.chosen.length;
  const anyUnheld = props.chosen.some((item) => !item.holds_seat);

  async function run(decision: 'approve' | 'reject', reason = ''): Promise<boolean> {
    setError(null);
    try {
      const result = await decide.mutateAsync({ ids: props.chosen.map((item) => item.id), decision, reason });
      props.onDone(decideSummary(result, props.chosen));
      return true;
    } catch (failure) {
      setError(t('approval.failed', { message: refusalText(failure) }));
      return false;
    }
  }

  return (
    <>
      <Flex wrap align="center" gap={8}>
        <Typography.Text data-testid="approval-selected">{t('approval.selected', { count })}</Typography.Text>
        <Popconfirm
          title={t('approval.approveTitle', { count })}
          description={
            <div style={{ maxWidth: 300 }}>
              {t(anyUnheld ? 'approval.approve.seats' : 'approval.approve.held')}
            </div>
          }
          okText={t('approval.approve.confirm')}
          cancelText={t('approval.reject.cancel')}
          okButtonProps={{ 'data-testid': 'approve-confirm' } as ButtonProps}
          onConfirm={() => run('approve')}
          disabled={count === 0}
        >
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={count === 0}
            loading={decide.isPending && !rejecting}
            data-testid="approve-selected"
          >
            {t('approval.approve.action')}
          </Button>
        </Popconfirm>
        <Button
          danger
          icon={<CloseOutlined />}
          disabled={count === 0}
          onClick={() => setRejecting(true)}
          data-testid="reject-selected"
        >
          {t('approval.reject.action')}
        </Button>
      </Flex>
      {error && !rejecting && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={error}
          closable
          onClose={() => setError(null)}
          style={{ marginTop: 8 }}
        />
      )}
      {rejecting && (
        <RejectDialog
          count={count}
          eraseDays={props.eraseDays}
          busy={decide.isPending}
          error={error}
          onSubmit={async (reason) => {
            if (await run('reject', reason)) setRejecting(false);
          }}
          onClose={() => {
            setRejecting(false);
            setError(null);
          }}
        />
      )}
    </>
  );
}

function RejectDialog(props: {
  count: number;
  eraseDays: number | undefined;
  busy: boolean;
  error: string | null;
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open
      title={t('approval.rejectTitle', { count: props.count })}
      okText={t('approval.reject.confirm')}
      cancelText={t('approval.reject.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'reject-confirm' } as ButtonProps}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      confirmLoading={props.busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void props.onSubmit(values.reason.trim())}>
        <Form.Item
          name="reason"
          label={t('approval.reject.reason')}
          extra={t('approval.reject.reasonHelp')}
          rules={[
            { required: true, whitespace: true, message: t('approval.reject.reasonRequired') },
            { max: REASON_MAX, message: t('approval.reject.reasonTooLong', { max: REASON_MAX }) },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} autoFocus data-testid="reject-reason" />
        </Form.Item>
      </Form>
      {props.eraseDays !== undefined && (
        <Typography.Paragraph type="secondary">
          {props.eraseDays === 0
            ? t('approval.reject.eraseNow')
            : t('approval.reject.erase', { count: props.eraseDays })}
        </Typography.Paragraph>
      )}
      {props.error && <Alert type="error" showIcon role="alert" title={props.error} />}
    </Modal>
  );
}

/** What the last decision did: how many were decided, and who was not, with why. */
export function DecideOutcome({ summary, onClose }: { summary: DecideSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const refused = summary.refused.length;
  return (
    <Alert
      type={refused === 0 ? 'success' : 'warning'}
      showIcon
      closable
      onClose={onClose}
      role="status"
      style={{ marginBottom: 12 }}
      data-testid="decide-outcome"
      title={
        refused === 0
          ? t('approval.decidedAll', { count: summary.decided })
          : t('approval.result.title', { decided: summary.decided, refused })
      }
      description={
        refused > 0 && (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {summary.refused.map((item) => {
              const key = refusalKey(item.reason);
              // Past the reasons the page words itself, the catalogue's message for the name.
              const reason =
                key === 'other' && item.reason in ERRORS
                  ? errorMessage(item.reason as ErrorName, lang)
                  : t(`approval.result.reasons.${key}`, { code: item.reason });
              return (
                <li key={item.id} data-testid={`decide-refused-${item.id}`}>
                  {t('approval.result.refusedItem', { name: item.name, reason })}
                </li>
              );
            })}
          </ul>
        )
      }
    />
  );
}
