import { authorizedFetch } from '../../lib/authorized-fetch.ts';

/*
 * "Print badge" at the door: one guest's badge (the badge printer's single layout) fetched with the
 * user's token and sent to the printer from a hidden frame, or opened in a new tab where a frame
 * cannot print a PDF (phones, browsers without a PDF viewer).
 */

/** The key that prints the badge of the guest just scanned (F2 switches the direction). */
export const PRINT_BADGE_KEY = 'F8';

/** The API path of one guest's badge, one per page for a badge printer. */
export function badgePath(meetingId: number, guestId: number): string {
  const query = new URLSearchParams({ layout: 'single', guest_id: String(guestId) });
  return `/meetings/${meetingId}/badges?${query.toString()}`;
}

/**
 * The guest whose badge the scan screen offers to print: the last scan's guest, when the scan was
 * answered by the server (not judged from the station's copy), the device is online and the user may
 * print badges. Null otherwise (no button).
 */
export function printableGuest(
  latest: { guestId: number | null; offline: boolean } | null,
  context: { online: boolean; allowed: boolean },
): number | null {
  if (!latest || latest.guestId === null || latest.offline) return null;
  if (!context.online || !context.allowed) return null;
  return latest.guestId;
}

/**
 * Whether a hidden frame can print a PDF here: the browser shows PDFs inline
 * (`navigator.pdfViewerEnabled`; false on phones, which download them instead).
 */
export function framePrintsPdf(nav: { pdfViewerEnabled?: boolean } | undefined): boolean {
  return nav?.pdfViewerEnabled !== false;
}

export class PopupBlockedError extends Error {
  constructor() {
    super('popup blocked');
    this.name = 'PopupBlockedError';
  }
}

/** The frame of the last badge, kept until the next one (removing it at once would cancel the print). */
let lastFrame: { frame: HTMLIFrameElement; url: string } | null = null;

function dropLastFrame(): void {
  if (!lastFrame) return;
  lastFrame.frame.remove();
  URL.revokeObjectURL(lastFrame.url);
  lastFrame = null;
}

function openInTab(url: string): void {
  const opened = window.open(url, '_blank');
  // The new tab reads the URL as it opens; then it may go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  if (!opened) throw new PopupBlockedError();
}

/** How the badge went out: the print dialog of this page, or a new tab to print from. */
export type PrintOutcome = 'dialog' | 'tab';

/** Prints a PDF from a hidden frame, or opens it in a new tab when that cannot work. */
export function printPdf(blob: Blob): Promise<PrintOutcome> {
  dropLastFrame();
  const pdf = blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
  const url = URL.createObjectURL(pdf);
  if (!framePrintsPdf(typeof navigator === 'undefined' ? undefined : navigator)) {
    openInTab(url);
    return Promise.resolve('tab');
  }
  return new Promise<PrintOutcome>((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    // Not display:none, which keeps some browsers from loading (and printing) the PDF.
    frame.style.cssText =
      'position:fixed;right:0;bottom:0;width:1px;height:1px;border:0;opacity:0;pointer-events:none';
    let settled = false;
    const fallBack = () => {
      if (settled) return;
      settled = true;
      frame.remove();
      if (lastFrame?.frame === frame) lastFrame = null;
      try {
        openInTab(url);
        resolve('tab');
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const timer = setTimeout(fallBack, 15_000);
    frame.addEventListener('load', () => {
      clearTimeout(timer);
      if (settled) return;
      try {
        const view = frame.contentWindow;
        if (!view) throw new Error('no frame window');
        view.print();
        settled = true;
        resolve('dialog');
      } catch {
        // A viewer that keeps its window to itself: the tab prints it instead.
        fallBack();
      }
    });
    frame.src = url;
    document.body.appendChild(frame);
    lastFrame = { frame, url };
  });
}

/** Fetches one guest's badge with the user's token and prints it. Throws the ApiError of a refusal. */
export async function printBadge(meetingId: number, guestId: number): Promise<PrintOutcome> {
  const response = await authorizedFetch(badgePath(meetingId, guestId));
  return printPdf(await response.blob());
}
