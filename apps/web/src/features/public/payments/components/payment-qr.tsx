import { useEffect, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n.ts';
import { saveBlob } from '../../../../lib/save-blob.ts';
import { QR_QUIET_ZONE, qrPath } from '../../guest-page/qr-path.ts';

type QrState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; size: number; path: string; dark: (row: number, col: number) => boolean };

/** Pixels per module of the saved image: large enough for a banking app to read from a photo. */
const IMAGE_SCALE = 10;

/** The symbol as a PNG, drawn module by module on a canvas (white quiet zone included). */
function savePng(size: number, dark: (row: number, col: number) => boolean, name: string) {
  const box = size + QR_QUIET_ZONE * 2;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = box * IMAGE_SCALE;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (dark(row, col))
        context.fillRect(
          (col + QR_QUIET_ZONE) * IMAGE_SCALE,
          (row + QR_QUIET_ZONE) * IMAGE_SCALE,
          IMAGE_SCALE,
          IMAGE_SCALE,
        );
    }
  }
  canvas.toBlob((blob) => {
    if (blob) saveBlob(blob, name);
  }, 'image/png');
}

/**
 * The FPS payment code (an EMVCo merchant-presented payload made by the server) as a QR code, drawn
 * as the guest code is (crisp SVG, error correction M, 4-module quiet zone), with a button that saves
 * it as an image — a phone cannot scan its own screen, but a banking app scans a saved photo.
 */
export function PaymentQr({
  payload,
  label,
  fileName,
}: {
  payload: string;
  label: string;
  fileName: string;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<QrState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ default: QRCode }) => {
        const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
        const { size, data } = qr.modules;
        const dark = (row: number, col: number) => Boolean(data[row * size + col]);
        if (live) setState({ status: 'ready', size, path: qrPath(size, dark), dark });
      })
      .catch(() => {
        if (live) setState({ status: 'error' });
      });
    return () => {
      live = false;
    };
  }, [payload]);

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
    <>
      <div className="mf-pub-qr mf-pay-qr" data-testid="fps-qr" data-payload={payload}>
        <svg
          viewBox={`0 0 ${box} ${box}`}
          role="img"
          aria-label={label}
          shapeRendering="crispEdges"
          xmlns="http://www.w3.org/2000/svg"
        >
          <rect width={box} height={box} fill="#ffffff" />
          <path d={state.path} fill="#000000" />
        </svg>
      </div>
      <button
        type="button"
        className="mf-pub-button mf-pub-secondary mf-pub-block"
        onClick={() => savePng(state.size, state.dark, fileName)}
        data-testid="fps-qr-save"
      >
        {t('pubPay.saveQr')}
      </button>
    </>
  );
}
