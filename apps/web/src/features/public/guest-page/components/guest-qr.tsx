import { useEffect, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n.ts';
import { QR_QUIET_ZONE, qrPath } from '../qr-path.ts';

type QrState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; size: number; path: string };

/**
 * The guest code as a large, black-on-white QR code (error correction M, 4-module quiet zone),
 * drawn as crisp SVG so a scanner gun can read it from a phone screen. The QR library loads only here.
 */
export function GuestQr({ code }: { code: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<QrState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ default: QRCode }) => {
        const qr = QRCode.create(code, { errorCorrectionLevel: 'M' });
        const { size, data } = qr.modules;
        const path = qrPath(size, (row, col) => Boolean(data[row * size + col]));
        if (live) setState({ status: 'ready', size, path });
      })
      .catch(() => {
        if (live) setState({ status: 'error' });
      });
    return () => {
      live = false;
    };
  }, [code]);

  if (state.status === 'error') {
    return (
      <p className="mf-pub-error" role="alert">
        {t('pub.qrFailed')}
      </p>
    );
  }
  if (state.status === 'loading') {
    return <div className="mf-pub-qr mf-pub-qr-loading" role="status" aria-label={t('pub.loading')} />;
  }
  const box = state.size + QR_QUIET_ZONE * 2;
  return (
    <div className="mf-pub-qr" data-testid="guest-qr" data-guest-code={code}>
      <svg
        viewBox={`0 0 ${box} ${box}`}
        role="img"
        aria-label={t('pub.qrLabel')}
        shapeRendering="crispEdges"
        xmlns="http://www.w3.org/2000/svg"
      >
        <rect width={box} height={box} fill="#ffffff" />
        <path d={state.path} fill="#000000" />
      </svg>
    </div>
  );
}
