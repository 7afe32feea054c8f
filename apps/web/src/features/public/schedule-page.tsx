import { PdfPage } from './pdf-page.tsx';

/** /schedule/:meetingId — the meeting's schedule PDF. */
export default function SchedulePage() {
  return <PdfPage kind="schedule" />;
}
