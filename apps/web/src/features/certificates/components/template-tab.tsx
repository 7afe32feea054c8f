import { useState } from 'react';
import {
  Button,
  Divider,
  Empty,
  Flex,
  Form,
  InputNumber,
  Radio,
  Select,
  Spin,
  Switch,
  Typography,
} from 'antd';
import { EyeOutlined, SaveOutlined } from '@ant-design/icons';
import { CERTIFICATE_PAGES } from '@meetflow/shared/schemas/certificates';
import { LANGUAGES } from '@meetflow/shared/languages';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/http.ts';
import { useAnswerFields } from '../../../lib/meeting-form-queries.ts';
import { isAuthFailure } from '../../../lib/http-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { FileField } from '../../../components/file-field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import {
  previewCertificate,
  useCertificatePage,
  useCertificateSettings,
  useSaveCertificateSettings,
  type CertificateSettings,
} from '../certificates-api.ts';
import {
  formFieldErrors,
  settingsInput,
  templateFormValues,
  templateFromForm,
  type TemplateFormValues,
} from '../certificate-logic.ts';
import { TEMPLATE_FORM, TemplateBlocks } from './template-blocks.tsx';
import { PdfPreview } from './pdf-preview.tsx';

/** The background is drawn by the PDF renderer, which takes JPEG and PNG. */
const BACKGROUND_TYPES = ['image/jpeg', 'image/png'];

/** The certificate's template: page, language, background, text blocks and QR code, with a live PDF preview. */
export function TemplateTab({ meetingId }: { meetingId: number }) {
  const settings = useCertificateSettings(meetingId);
  if (settings.isError)
    return (
      <LoadError
        reason={settings.error.message}
        retrying={settings.isFetching}
        onRetry={() => void settings.refetch()}
      />
    );
  if (!settings.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return <TemplateForm meetingId={meetingId} settings={settings.data} />;
}

/** A guest whose figures the preview shows; sample figures without one. */
function PreviewGuestPicker(props: { meetingId: number; value?: number; onChange: (id?: number) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim(), 300);
  const guests = useCertificatePage(props.meetingId, {
    page: 1,
    page_size: 20,
    ...(keyword ? { keyword } : {}),
  });
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      style={{ width: 240 }}
      placeholder={t('certificates.template.previewSample')}
      loading={guests.isFetching}
      value={props.value}
      onChange={(id?: number) => props.onChange(id)}
      options={(guests.data?.items ?? []).map((g) => ({ value: g.guest_id, label: g.name }))}
      aria-label={t('certificates.template.previewGuest')}
      data-testid="certificate-preview-guest"
    />
  );
}

function TemplateForm({ meetingId, settings }: { meetingId: number; settings: CertificateSettings }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TemplateFormValues>();
  const save = useSaveCertificateSettings(meetingId);
  const answerFields = useAnswerFields(meetingId);
  const [guestId, setGuestId] = useState<number>();
  const [preview, setPreview] = useState<{ data: Uint8Array; n: number } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const qrEnabled = Form.useWatch('qr_enabled', form);

  function showErrors(error: unknown) {
    if (error instanceof ApiError) form.setFields(formFieldErrors(error.data, 'template') as never);
  }

  async function values(): Promise<TemplateFormValues | null> {
    try {
      return await form.validateFields();
    } catch {
      toast.error(t('certificates.template.invalid'));
      return null;
    }
  }

  async function runPreview() {
    const current = await values();
    if (!current) return;
    setPreviewing(true);
    try {
      const data = await previewCertificate(meetingId, templateFromForm(current), guestId);
      setPreview((last) => ({ data, n: (last?.n ?? 0) + 1 }));
    } catch (error) {
      showErrors(error);
      const shown = error instanceof ApiError && !isAuthFailure(error.code, error.message);
      toast.error(shown ? error.message : t('certificates.template.previewFailed'));
    } finally {
      setPreviewing(false);
    }
  }

  async function submit() {
    const current = await values();
    if (!current) return;
    try {
      await save.mutateAsync(
        settingsInput(settings.rule, templateFromForm(current), settings.guest_download),
      );
      toast.success(t('certificates.template.saved'));
    } catch (error) {
      showErrors(error);
    }
  }

  return (
    <Flex wrap gap={24} align="start">
      <Form<TemplateFormValues>
        form={form}
        name={TEMPLATE_FORM}
        layout="vertical"
        initialValues={templateFormValues(settings.template)}
        style={{ flex: '1 1 520px', minWidth: 0, maxWidth: 760 }}
        data-testid="certificate-template-form"
      >
        <Flex wrap gap={24}>
          <Form.Item name="page" label={t('certificates.template.page')}>
            <Radio.Group
              optionType="button"
              options={CERTIFICATE_PAGES.map((p) => ({
                value: p,
                label: t(`certificates.template.pages.${p}`),
              }))}
              data-testid="certificate-template-page"
            />
          </Form.Item>
          <Form.Item
            name="language"
            label={t('certificates.template.language')}
            tooltip={t('certificates.template.languageHelp')}
          >
            <Select
              style={{ width: 160 }}
              options={LANGUAGES.map((l) => ({ value: l, label: t(`certificates.template.languages.${l}`) }))}
              data-testid="certificate-template-language"
            />
          </Form.Item>
        </Flex>
        <Form.Item
          name="background_file_id"
          label={t('certificates.template.background')}
          extra={t('certificates.template.backgroundHelp')}
        >
          <FileField
            kind="banner"
            imageTypes={BACKGROUND_TYPES}
            alt={t('certificates.template.background')}
            testId="certificate-background"
          />
        </Form.Item>
        <Divider titlePlacement="start">{t('certificates.template.blocks')}</Divider>
        <TemplateBlocks form={form} answerFields={answerFields} />
        <Divider titlePlacement="start">{t('certificates.template.qr')}</Divider>
        <Flex wrap gap={24}>
          <Form.Item name="qr_enabled" label={t('certificates.template.qr')} valuePropName="checked">
            <Switch data-testid="certificate-qr" />
          </Form.Item>
          {qrEnabled && (
            <Form.Item
              name="qr_size_mm"
              label={t('certificates.template.qrSize')}
              rules={[{ required: true }]}
            >
              <InputNumber min={10} max={60} style={{ width: 120 }} data-testid="certificate-qr-size" />
            </Form.Item>
          )}
        </Flex>
      </Form>
      <aside style={{ flex: '1 1 420px', minWidth: 0, position: 'sticky', top: 16 }}>
        <Flex wrap gap={8} style={{ marginBottom: 12 }}>
          <PreviewGuestPicker meetingId={meetingId} value={guestId} onChange={setGuestId} />
          <Button
            icon={<EyeOutlined />}
            loading={previewing}
            onClick={() => void runPreview()}
            data-testid="certificate-preview-run"
          >
            {t('certificates.template.preview')}
          </Button>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={save.isPending}
            onClick={() => void submit()}
            data-testid="certificate-template-save"
          >
            {t('certificates.template.save')}
          </Button>
        </Flex>
        {preview ? (
          <PdfPreview key={preview.n} data={preview.data} />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <Typography.Text type="secondary">{t('certificates.template.previewHint')}</Typography.Text>
            }
          />
        )}
      </aside>
    </Flex>
  );
}
