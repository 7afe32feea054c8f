import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import type { PdfPagesOptions } from '../../../lib/pdf-pages.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The preview PDF drawn on canvases. Give it a new key for new data. */
export function PdfPreview({ data }: { data: Uint8Array }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    const options: PdfPagesOptions = {
      sharpness: { perDevicePixel: 1.5, max: 3 },
      pageLabel: (page, total) => t('certificates.template.previewPage', { page, total }),
      testIdPrefix: 'certificate-preview-page-',
      canvasStyle: {
        width: '100%',
        display: 'block',
        boxShadow: '0 1px 6px rgba(0,0,0,0.2)',
        marginBottom: '12px',
        background: '#fff',
      },
    };
    let stop: (() => void) | undefined;
    let cancelled = false;
    Promise.all([import('../../../lib/pdf-pages.ts'), import('pdfjs-dist')])
      .then(([{ renderPdfPages }, pdfjs]) => {
        if (!cancelled && host.current)
          stop = renderPdfPages(pdfjs, host.current, { data }, options, setState);
      })
      .catch(() => setState('error'));
    return () => {
      cancelled = true;
      stop?.();
    };
    // The label's language does not need another render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  return (
    <div aria-busy={state === 'loading'} data-testid="certificate-preview">
      {state === 'loading' && <Spin style={{ display: 'block', margin: '24px auto' }} />}
      {state === 'error' && (
        <p role="alert" style={{ color: 'var(--ant-color-error)' }}>
          {t('certificates.template.previewFailed')}
        </p>
      )}
      <div ref={host} />
    </div>
  );
}
