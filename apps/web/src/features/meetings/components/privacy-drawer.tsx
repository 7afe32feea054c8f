import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Form, Space, Spin } from 'antd';
import { nameIn, type Language } from '@meetflow/shared/languages';
import { LoadError } from '../../../components/load-error.tsx';
import { usePermission } from '../../../components/permission.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { useServerTimeZone } from '../../../lib/server-time.ts';
import { usePrivacySettings } from '../privacy-api.ts';
import { privacyFormValues, type NoticeTexts, type PrivacyFormValues } from '../privacy-logic.ts';
import { usePrivacySave } from '../use-privacy-save.ts';
import { PrivacyNoticeFields } from './privacy-notice.tsx';
import { PrivacyPurge, PurgeDialog, TypedNameDialog } from './privacy-purge.tsx';
import { PrivacyRetentionFields } from './privacy-retention.tsx';
import { PrivacyState } from './privacy-state.tsx';
import './privacy.css';
import '../privacy-i18n.ts';

export interface PrivacyMeeting {
  id: number;
  /** The Traditional Chinese name: what "erase now" asks to be typed. */
  name: string;
  name_cn: string;
  name_en: string;
}

/**
 * A meeting's personal data (issue 20): the privacy notice shown on its sign-up form (with the
 * consent it asks for), how long its guests' personal data is kept after it ends, what has happened
 * so far, and "erase now" once it has ended. Without meeting:edit everything is shown read-only.
 */
export function PrivacyDrawer(props: { meeting: PrivacyMeeting; open: boolean; onClose: () => void }) {
  const { meeting, open, onClose } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  const canEdit = usePermission().hasAny('meeting:edit');
  const [form] = Form.useForm<PrivacyFormValues>();
  const query = usePrivacySettings(meeting.id, open);
  const [previewLang, setPreviewLang] = useState<Language>(lang);
  const [purging, setPurging] = useState(false);
  // "Now" for whether the meeting has ended: the drawer's opening is close enough.
  const [openedAt] = useState(Date.now);
  // Dates in the server's time zone: the one its retention clock and its notices to organisers use.
  const zone = useServerTimeZone();
  const date = (ms: number) => formatDateTime(ms, zone);

  const enabled = Form.useWatch('notice_enabled', form) as boolean | undefined;
  const texts = Form.useWatch('notice', { form, preserve: true }) as Partial<NoticeTexts> | undefined;
  const days = Form.useWatch('retention_days', form) as number | null | undefined;

  // Fresh data (the refetch on open, the answer of a save, the state after a purge) replaces every field.
  const data = open ? query.data : undefined;
  useEffect(() => {
    if (data) form.setFieldsValue(privacyFormValues(data));
  }, [data, form]);
  const { saving, save, onFinish, confirmingPast, setConfirmingPast } = usePrivacySave(
    meeting.id,
    form,
    data,
  );

  const title = `${t('meetingPrivacy.title')} · ${nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en)}`;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size="min(1100px, 100vw)"
      placement="right"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('meetingPrivacy.close')}</Button>
          {canEdit && (
            <Button
              type="primary"
              loading={saving.isPending}
              disabled={!data}
              onClick={() => form.submit()}
              data-testid="privacy-save"
            >
              {t('meetingPrivacy.save')}
            </Button>
          )}
        </Space>
      }
    >
      <div data-testid="privacy-drawer">
        {query.isError ? (
          <LoadError
            title={t('meetingPrivacy.loadFailed')}
            reason={query.error.message}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        ) : !data ? (
          <div className="mf-privacy-loading">
            <Spin />
          </div>
        ) : (
          <>
            {!canEdit && (
              <Alert
                type="warning"
                showIcon
                title={t('meetingPrivacy.readOnly')}
                style={{ marginBottom: 16 }}
                data-testid="privacy-read-only"
              />
            )}
            <PrivacyState data={data} zone={zone} date={date} />

            <Form<PrivacyFormValues>
              form={form}
              layout="vertical"
              initialValues={privacyFormValues(data)}
              disabled={!canEdit}
              onFinish={onFinish}
              data-testid="privacy-form"
            >
              <PrivacyNoticeFields
                form={form}
                texts={texts}
                defaults={data.default_notice}
                enabled={enabled ?? data.notice_enabled}
                canEdit={canEdit}
                previewLang={previewLang}
                onPreviewLang={setPreviewLang}
              />

              <PrivacyRetentionFields
                data={data}
                days={days}
                canEdit={canEdit}
                openedAt={openedAt}
                format={date}
              />
            </Form>

            <PrivacyPurge
              data={data}
              canEdit={canEdit}
              openedAt={openedAt}
              date={date}
              onPurge={() => setPurging(true)}
            />
            {confirmingPast && (
              <TypedNameDialog
                meetingId={meeting.id}
                meetingName={meeting.name}
                title={t('meetingPrivacy.pastConfirmTitle')}
                body={t('meetingPrivacy.purgeConfirmBody', { count: data.guests_held })}
                okText={t('meetingPrivacy.pastConfirmOk')}
                busy={saving.isPending}
                testIdPrefix="privacy-past"
                onClose={() => setConfirmingPast(null)}
                onConfirm={async (typed) => {
                  await save(confirmingPast, typed);
                  setConfirmingPast(null);
                  return null;
                }}
              />
            )}
            {purging && (
              <PurgeDialog
                meetingId={meeting.id}
                meetingName={meeting.name}
                guests={data.guests_held}
                onClose={() => setPurging(false)}
              />
            )}
          </>
        )}
      </div>
    </Drawer>
  );
}
