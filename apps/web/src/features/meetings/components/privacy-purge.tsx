import { useState } from 'react';
import { Alert, Button, Input, Modal, Typography } from 'antd';
import type { PrivacySettings } from '@meetflow/shared/schemas/privacy';
import { ApiError } from '../../../lib/http.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { usePurgePersonalData } from '../privacy-api.ts';
import { canPurgeNow, purgeConfirmMatches } from '../privacy-logic.ts';
import '../privacy-i18n.ts';

/** "Erase now": done, offered once the meeting has ended (with meeting:edit), or not yet. */
export function PrivacyPurge(props: {
  data: PrivacySettings;
  canEdit: boolean;
  openedAt: number;
  date: (ms: number) => string;
  onPurge: () => void;
}) {
  const { data, canEdit, openedAt, date } = props;
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={2} className="mf-privacy-heading">
        {t('meetingPrivacy.purgeTitle')}
      </Typography.Title>
      {data.purged_at !== null ? (
        <Alert
          type="success"
          showIcon
          title={t('meetingPrivacy.purgeDone', { date: date(data.purged_at) })}
          data-testid="privacy-purged"
        />
      ) : canPurgeNow(data, openedAt) ? (
        <div className="mf-privacy-danger">
          <Typography.Paragraph>{t('meetingPrivacy.purgeHelp')}</Typography.Paragraph>
          {canEdit && (
            <Button danger onClick={props.onPurge} data-testid="privacy-purge">
              {t('meetingPrivacy.purgeButton')}
            </Button>
          )}
        </div>
      ) : (
        <Typography.Paragraph type="secondary" data-testid="privacy-purge-not-ended">
          {t('meetingPrivacy.purgeNotEnded')}
        </Typography.Paragraph>
      )}
    </>
  );
}

/** The answer's message for the typed name (400 with the field `confirm`), if that is what it was. */
function confirmError(failure: unknown): string | null {
  const fields = failure instanceof ApiError ? (failure.data as { fields?: unknown } | null)?.fields : null;
  const message = (fields as Record<string, unknown> | null | undefined)?.confirm;
  return typeof message === 'string' ? message : null;
}

/**
 * An erasure asked for, now or within minutes: the meeting's name must be typed exactly before the
 * button works. `onConfirm` answers a message to show under the name (and stay open), or null when done.
 */
export function TypedNameDialog(props: {
  meetingId: number;
  meetingName: string;
  title: string;
  body: string;
  okText: string;
  busy: boolean;
  /** Test ids: `<prefix>-dialog`, `-name`, `-input`, `-ok`, `-error`. */
  testIdPrefix: string;
  onConfirm: (typed: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const { meetingName, testIdPrefix: id, busy } = props;
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const matches = purgeConfirmMatches(typed, meetingName);
  const inputId = `${id}-confirm-${props.meetingId}`;

  async function confirm() {
    if (!matches || busy) return;
    setError(await props.onConfirm(typed));
  }

  return (
    <Modal
      open
      title={props.title}
      okText={props.okText}
      cancelText={t('meetingPrivacy.cancel')}
      okButtonProps={{ danger: true, disabled: !matches, 'data-testid': `${id}-ok` }}
      confirmLoading={busy}
      onOk={() => void confirm()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <div data-testid={`${id}-dialog`}>
        <Alert type="error" showIcon title={props.body} style={{ marginBottom: 16 }} />
        <label htmlFor={inputId} className="mf-privacy-confirm-label">
          {t('meetingPrivacy.purgeConfirmType')}{' '}
          <Typography.Text strong lang="zh-TW" data-testid={`${id}-name`}>
            {meetingName}
          </Typography.Text>
        </label>
        <Input
          id={inputId}
          value={typed}
          autoComplete="off"
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
          onPressEnter={() => void confirm()}
          data-testid={`${id}-input`}
        />
        {error && (
          <Typography.Text type="danger" id={`${inputId}-error`} data-testid={`${id}-error`}>
            {error}
          </Typography.Text>
        )}
      </div>
    </Modal>
  );
}

/** "Erase now" (a meeting that has ended): the erasure itself, behind the typed name. */
export function PurgeDialog(props: {
  meetingId: number;
  meetingName: string;
  guests: number;
  onClose: () => void;
}) {
  const { meetingId, onClose } = props;
  const { t } = useTranslation();
  const purge = usePurgePersonalData(meetingId);
  return (
    <TypedNameDialog
      meetingId={meetingId}
      meetingName={props.meetingName}
      title={t('meetingPrivacy.purgeConfirmTitle')}
      body={t('meetingPrivacy.purgeConfirmBody', { count: props.guests })}
      okText={t('meetingPrivacy.purgeConfirmOk')}
      busy={purge.isPending}
      testIdPrefix="privacy-purge"
      onClose={onClose}
      onConfirm={async (typed) => {
        try {
          const result = await purge.mutateAsync({ confirm: typed });
          toast.success(t('meetingPrivacy.purgeSuccess', { count: result.guests }));
          onClose();
          return null;
        } catch (failure) {
          // A wrong name stays open to be typed again; anything else (not ended, already erased) was toasted.
          const message = confirmError(failure);
          if (message === null) onClose();
          return message;
        }
      }}
    />
  );
}
