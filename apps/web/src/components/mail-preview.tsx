import { useId, useState } from 'react';
import { Alert, Button, Segmented, Spin, Typography } from 'antd';
import type { Language } from '@meetflow/shared/languages';
import {
  MAIL_BODY_MAX,
  MAIL_SUBJECT_MAX,
  type MailPreviewBody,
  type MailText,
} from '@meetflow/shared/schemas/mail';
import { useTranslation } from '../lib/i18n.ts';
import { usePermission } from './permission.tsx';
import { useMailPreview } from '../lib/mail-preview-api.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import './mail-preview.css';
import './mail-preview-i18n.ts';

/** The preview follows the typing once it pauses this long. */
export const PREVIEW_DEBOUNCE_MS = 400;

/** The two widths a mail is read at: a phone's and a desktop mail client's reading pane. */
const WIDTHS = { phone: 360, desktop: 600 } as const;
type Width = keyof typeof WIDTHS;

export type PreviewType = MailPreviewBody['type'];

/** The request for a text the server would accept; null while a part is empty or too long. */
function previewRequest(type: PreviewType, language: Language, text: MailText | undefined) {
  const subject = text?.subject?.trim() ?? '';
  const body = text?.body?.trim() ?? '';
  if (!subject || !body || subject.length > MAIL_SUBJECT_MAX || body.length > MAIL_BODY_MAX) return null;
  return { type, language, text: { subject, body } } satisfies MailPreviewBody;
}

/** Who may ask the server for a preview: those who write guest mail (mail settings, broadcasts). */
export const MAIL_PREVIEW_PERMISSIONS = ['meeting:edit', 'guest:edit'] as const;

/**
 * The mail being edited as a guest would get it (the server renders it with the unsaved text), in a
 * sandboxed frame (no scripts, no same-origin access) at a phone's or a desktop's width. The server's
 * HTML carries the QR code itself (a data: URL), so the frame shows the mail as it arrives. It shows
 * the meeting's first guest only to users who may see the guests, else an example guest: the note
 * says which.
 */
export function MailPreview(props: {
  meetingId: number;
  type: PreviewType;
  language: Language;
  text: MailText | undefined;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [width, setWidth] = useState<Width>('phone');
  const request = useDebounced(previewRequest(props.type, props.language, props.text), PREVIEW_DEBOUNCE_MS);
  const preview = useMailPreview(props.meetingId, request);
  const data = request ? preview.data : undefined;
  const mayShowRealGuest = usePermission().hasAny('guest:view');
  const exampleGuest = data ? data.example_guest : !mayShowRealGuest;

  return (
    <section className="mf-mail-preview" aria-labelledby={titleId} data-testid="mail-preview">
      <div className="mf-mail-preview-head">
        <Typography.Title level={5} id={titleId} style={{ margin: 0 }}>
          {t('mailEditor.preview')}
        </Typography.Title>
        <Segmented<Width>
          size="small"
          value={width}
          onChange={setWidth}
          options={[
            { value: 'phone', label: `${t('mailEditor.phone')} ${WIDTHS.phone}px` },
            { value: 'desktop', label: `${t('mailEditor.desktop')} ${WIDTHS.desktop}px` },
          ]}
          aria-label={t('mailEditor.previewWidth')}
          data-testid="mail-preview-width"
        />
      </div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }} data-testid="mail-preview-note">
        {t(exampleGuest ? 'mailEditor.previewNoteExample' : 'mailEditor.previewNote')}
      </Typography.Paragraph>
      {request === null ? (
        <Alert type="info" showIcon title={t('mailEditor.previewIncomplete')} />
      ) : preview.isError && !preview.isFetching ? (
        <Alert
          type="error"
          showIcon
          title={t('mailEditor.previewFailed')}
          description={preview.error.message}
          action={
            <Button size="small" onClick={() => void preview.refetch()}>
              {t('error.retry')}
            </Button>
          }
          data-testid="mail-preview-error"
        />
      ) : (
        <div className="mf-mail-preview-frame">
          <div className="mf-mail-preview-subject">
            <Typography.Text type="secondary">{t('mailEditor.subjectLabel')}</Typography.Text>
            <strong data-testid="mail-preview-subject">{data?.subject ?? ''}</strong>
          </div>
          <Spin spinning={!data || preview.isFetching} description={t('mailEditor.previewUpdating')}>
            <iframe
              sandbox=""
              srcDoc={data?.html ?? ''}
              title={t('mailEditor.previewFrame')}
              style={{ width: WIDTHS[width] }}
              data-testid="mail-preview-frame"
            />
          </Spin>
        </div>
      )}
    </section>
  );
}
