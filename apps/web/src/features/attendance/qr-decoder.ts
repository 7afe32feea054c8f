/**
 * Reads QR codes from camera frames: the browser's own BarcodeDetector where it reads QR codes
 * (Chrome on Android and macOS, Safari), else the barcode-detector ponyfill (ZXing-C++ compiled to
 * WebAssembly). This module and the ponyfill load only once a camera is opened, never with the page.
 */
// Our own copy of the reader's .wasm, hashed into dist/assets: the ponyfill would fetch it from a CDN,
// which the CSP forbids and an offline door station cannot reach. Its version must be the one
// barcode-detector bundles the JavaScript half of (zxing-wasm 3.1.3 for barcode-detector 3.2.2).
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** The part of the Barcode Detection API we use; not yet in TypeScript's DOM library. */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorConstructor {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

export type FrameDecoder = (video: HTMLVideoElement) => Promise<string | null>;

async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Detector = (globalThis as unknown as { BarcodeDetector?: BarcodeDetectorConstructor })
    .BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => {
      const codes = await detector.detect(video);
      return codes[0]?.rawValue ?? null;
    };
  } catch {
    return null;
  }
}

/**
 * One object for the page's life: zxing-wasm compares overrides field by field, so a new `locateFile`
 * each time the camera opens would fetch and compile the module again.
 */
const ZXING_OVERRIDES = {
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingWasmUrl : prefix + path),
};

/**
 * Frames are scaled down before ZXing reads them: a QR code held up to a phone stays readable at
 * 640 px, and a 1080p frame has nine times the pixels for the wasm to read.
 */
const MAX_FRAME_SIDE = 640;

async function wasmDecoder(): Promise<FrameDecoder> {
  const { BarcodeDetector, prepareZXingModule, purgeZXingModule } = await import('barcode-detector/ponyfill');
  try {
    // Fetched and compiled now, while the camera starts, rather than on the first frame.
    await prepareZXingModule({ overrides: ZXING_OVERRIDES, fireImmediately: true });
  } catch (error) {
    // Else the failed load stays cached, and opening the camera again would not retry it.
    purgeZXingModule();
    throw error;
  }
  const detector = new BarcodeDetector({ formats: ['qr_code'] });
  // One canvas for all frames: handed a video, the ponyfill would make a full-size canvas per frame.
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(video.videoWidth, video.videoHeight));
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const codes = await detector.detect(context.getImageData(0, 0, width, height));
    return codes[0]?.rawValue ?? null;
  };
}

export async function createFrameDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? wasmDecoder();
}
