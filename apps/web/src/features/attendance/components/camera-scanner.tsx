import { useEffect, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import { useTranslation } from '../../../lib/i18n.ts';
import { createRepeatFilter } from '../camera-repeat.ts';
import { createFrameDecoder } from '../qr-decoder.ts';
import '../i18n.ts';

/** How often a frame is read: often enough to feel instant, rarely enough for an old phone. */
const FRAME_INTERVAL_MS = 150;

type CameraState = 'starting' | 'running' | 'denied' | 'unavailable';

/**
 * The phone camera as a scanner: the back camera's picture with a frame to aim at; each new code
 * read is handed to `onCode`. The camera is released when the component unmounts.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  // The latest callback, without restarting the camera when the parent re-renders.
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const accept = createRepeatFilter();

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch (error) {
        if (!stopped)
          setState((error as DOMException)?.name === 'NotAllowedError' ? 'denied' : 'unavailable');
        return;
      }
      if (stopped || !video.current) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      // The reader's WebAssembly may fail to load (a blocked or broken download): say so, not spin.
      const decode = await createFrameDecoder().catch(() => null);
      if (stopped) return;
      if (!decode) {
        setState('unavailable');
        return;
      }
      setState('running');
      const tick = async () => {
        if (stopped) return;
        const element = video.current;
        if (element && element.readyState >= element.HAVE_CURRENT_DATA) {
          const code = await decode(element).catch(() => null);
          if (code && !stopped && accept(code, performance.now())) onCodeRef.current(code);
        }
        timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
      };
      void tick();
    }

    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="scan-camera" data-testid="scan-camera">
      {state === 'denied' && <Alert type="error" showIcon title={t('attendance.camera.denied')} />}
      {state === 'unavailable' && (
        <Alert type="warning" showIcon title={t('attendance.camera.unavailable')} />
      )}
      <div className="scan-camera-view" hidden={state === 'denied' || state === 'unavailable'}>
        <video ref={video} muted playsInline aria-label={t('attendance.camera.preview')} />
        <div className="scan-camera-aim" aria-hidden />
        {state === 'starting' && (
          <div className="scan-camera-starting">
            <Spin />
          </div>
        )}
      </div>
    </div>
  );
}
