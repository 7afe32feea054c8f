import { PdfPage } from './pdf-page.tsx';

/** /guide/:meetingId — the meeting's guide PDF. */
export default function GuidePage() {
  return <PdfPage kind="guide" />;
}
