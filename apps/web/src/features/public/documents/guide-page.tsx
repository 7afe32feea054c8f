import { MeetingPdf } from './components/meeting-pdf.tsx';

/** /guide/:meetingId — the meeting's guide PDF. */
export default function GuidePage() {
  return <MeetingPdf kind="guide" />;
}
