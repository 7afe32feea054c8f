import { useState } from 'react';
import { Spin } from 'antd';
import { PdfCanvas, type PdfSharpness } from '../../../components/pdf-canvas.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

const SHARPNESS: PdfSharpness = { perDevicePixel: 1.5, max: 3 };
const PAGE_STYLE = {
  width: '100%',
  display: 'block',
  boxShadow: '0 1px 6px rgba(0,0,0,0.2)',
  marginBottom: '12px',
  background: '#fff',
};

/** The preview PDF drawn on canvases. Give it a new key for new data. */
export function PdfPreview({ data }: { data: Uint8Array }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  return (
    <div aria-busy={state === 'loading'} data-testid="certificate-preview">
      {state === 'loading' && <Spin style={{ display: 'block', margin: '24px auto' }} />}
      {state === 'error' && (
        <p role="alert" style={{ color: 'var(--ant-color-error)' }}>
          {t('certificates.template.previewFailed')}
        </p>
      )}
      <PdfCanvas
        source={{ data }}
        sharpness={SHARPNESS}
        pageLabel={(page, total) => t('certificates.template.previewPage', { page, total })}
        testIdPrefix="certificate-preview-page-"
        onStatus={setState}
        canvasStyle={PAGE_STYLE}
      />
    </div>
  );
}
