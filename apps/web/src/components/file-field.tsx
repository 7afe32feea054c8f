import { useState } from 'react';
import { Button, Image, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { BANNER_MAX_BYTES, fileUrl, MB, PDF_MAX_BYTES, type FileKind } from '@meetflow/shared/schemas/files';
import { useTranslation } from '../lib/i18n.ts';
import { toast } from '../lib/toast.ts';
import { compressionPlan, COMPRESSION_RULES } from '../lib/image-compression.ts';
import { uploadFile } from '../lib/file-upload.ts';
import './file-field-i18n.ts';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const TYPE_NAMES: Record<string, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP' };

/** Applies the spec's compression plan with a maintained library, loaded only when a banner is picked. */
async function compressBanner(file: File): Promise<Blob> {
  const plan = compressionPlan(file.size);
  if (!plan.compress) return file;
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, {
    ...(plan.maxSide ? { maxWidthOrHeight: plan.maxSide } : {}),
    initialQuality: plan.quality,
    // The library's worker would load its code from a CDN: our CSP (and DESIGN.md) forbid that.
    useWebWorker: false,
    preserveExif: false,
  });
}

interface FileFieldProps {
  kind: FileKind;
  value?: string | null;
  onChange?: (value: string | null) => void;
  testId: string;
  /** The image types taken (a banner's by default: JPEG, PNG, WebP). */
  imageTypes?: readonly string[];
  /** What the image is, for its preview's alternative text. */
  alt?: string;
}

/**
 * One file per field: upload, see it (banner preview or PDF link), delete to upload another. The
 * server judges the type by its bytes; the checks here only save a pointless upload.
 */
export function FileField({ kind, value, onChange, testId, imageTypes = IMAGE_TYPES, alt }: FileFieldProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'compressing' | 'uploading' | null>(null);
  const maxMb = (kind === 'banner' ? BANNER_MAX_BYTES : PDF_MAX_BYTES) / MB;
  const types = imageTypes.map((type) => TYPE_NAMES[type] ?? type).join('/');

  async function pick(file: File) {
    try {
      let blob: Blob = file;
      let name = file.name;
      if (kind === 'banner') {
        if (!imageTypes.includes(file.type)) return toast.error(t('fileField.notImage', { types }));
        if (compressionPlan(file.size).refuse) {
          return toast.error(t('fileField.imageTooLarge', { size: COMPRESSION_RULES.refuseAboveBytes / MB }));
        }
        setBusy('compressing');
        try {
          blob = await compressBanner(file);
        } catch {
          return toast.error(t('fileField.compressFailed'));
        }
        if (blob.size > BANNER_MAX_BYTES) return toast.error(t('fileField.imageTooLarge', { size: maxMb }));
        name = file.name;
      } else {
        if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) {
          return toast.error(t('fileField.notPdf'));
        }
        if (file.size > PDF_MAX_BYTES) return toast.error(t('fileField.pdfTooLarge', { size: maxMb }));
      }
      setBusy('uploading');
      const uploaded = await uploadFile(kind, blob, name);
      onChange?.(uploaded.id);
    } catch {
      // The HTTP client has already shown the server's message.
    } finally {
      setBusy(null);
    }
  }

  const hint =
    kind === 'banner'
      ? t('fileField.imageHint', { types, size: maxMb, max: COMPRESSION_RULES.refuseAboveBytes / MB })
      : t('fileField.pdfHint', { size: maxMb });

  return (
    <div data-testid={testId}>
      {value ? (
        <Space align="start" wrap>
          {kind === 'banner' ? (
            <Image
              src={fileUrl(value)}
              alt={alt ?? t('fileField.image')}
              width={240}
              style={{ maxHeight: 120, objectFit: 'cover' }}
              data-testid={`${testId}-preview`}
            />
          ) : (
            <Typography.Link href={fileUrl(value)} target="_blank" rel="noopener noreferrer">
              <FilePdfOutlined /> {t('fileField.openPdf')}
            </Typography.Link>
          )}
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => onChange?.(null)}
            data-testid={`${testId}-remove`}
          >
            {t('fileField.remove')}
          </Button>
        </Space>
      ) : (
        <Upload
          accept={kind === 'banner' ? imageTypes.join(',') : 'application/pdf,.pdf'}
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            void pick(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy !== null}>
            {busy ? t(`fileField.${busy}`) : t('fileField.upload')}
          </Button>
        </Upload>
      )}
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 12 }}>
        {hint}
      </Typography.Paragraph>
    </div>
  );
}
