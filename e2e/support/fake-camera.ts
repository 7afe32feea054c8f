import fs from 'node:fs';
import QRCode from 'qrcode';

/**
 * A fake camera for Chromium: a Y4M video (YUV4MPEG2, 4:2:0) that shows each code as a QR code, then
 * a blank white picture, then the next code. Chromium plays it in a loop as the camera with
 * `--use-fake-device-for-media-stream --use-fake-ui-for-media-stream --use-file-for-fake-video-capture=<file>`.
 * The blank between codes is what a guest lowering their phone looks like: without it, the scanner's
 * repeat filter could not tell a new read of the same code from the code still in view.
 */
export interface FakeCameraOptions {
  width?: number;
  height?: number;
  fps?: number;
  /** How long each code is shown, in seconds. */
  codeSeconds?: number;
  /** How long the blank picture after each code is shown, in seconds. */
  blankSeconds?: number;
}

/** The standard quiet zone around a QR code, in modules. */
const QUIET_ZONE = 4;
const WHITE = 255;
const BLACK = 0;
/** Neutral chroma: the picture is grey-scale. */
const NO_COLOUR = 128;

/** The luma plane of one picture: the code's QR symbol, black on white, centred and as big as fits. */
function qrPicture(code: string, width: number, height: number): Buffer {
  const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' });
  const side = modules.size + 2 * QUIET_ZONE;
  // Whole pixels per module (a blurred edge is not what is tested), filling ~90 % of the short side.
  const scale = Math.floor((Math.min(width, height) * 0.9) / side);
  if (scale < 3) throw new Error(`A ${width}x${height} picture is too small for the QR code of "${code}".`);
  const luma = Buffer.alloc(width * height, WHITE);
  const left = Math.floor((width - modules.size * scale) / 2);
  const top = Math.floor((height - modules.size * scale) / 2);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        const start = (top + row * scale + y) * width + left + col * scale;
        luma.fill(BLACK, start, start + scale);
      }
    }
  }
  return luma;
}

/**
 * Writes the fake camera's video to `file`: each of `codes` for `codeSeconds` (1.5 s), then white for
 * `blankSeconds` (1 s), at 640x480 and 10 frames a second unless told otherwise.
 */
export function writeFakeCameraVideo(
  file: string,
  codes: readonly string[],
  options: FakeCameraOptions = {},
) {
  const { width = 640, height = 480, fps = 10, codeSeconds = 1.5, blankSeconds = 1 } = options;
  if (width % 2 || height % 2) throw new Error('4:2:0 video needs an even width and height.');
  if (codes.length === 0) throw new Error('The fake camera needs at least one code to show.');
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, NO_COLOUR);
  const frameHeader = Buffer.from('FRAME\n', 'ascii');
  const blank = Buffer.alloc(width * height, WHITE);
  const out = fs.openSync(file, 'w');
  try {
    fs.writeSync(out, `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
    const writeFrames = (luma: Buffer, seconds: number) => {
      for (let n = Math.max(1, Math.round(seconds * fps)); n > 0; n--) {
        fs.writeSync(out, frameHeader);
        fs.writeSync(out, luma);
        fs.writeSync(out, chroma);
      }
    };
    for (const code of codes) {
      writeFrames(qrPicture(code, width, height), codeSeconds);
      writeFrames(blank, blankSeconds);
    }
  } finally {
    fs.closeSync(out);
  }
}

/** Chromium's flags to use `file` as its one camera, and to allow it without asking. */
export function fakeCameraArgs(file: string): string[] {
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}
