import { MeetingPdf } from './components/meeting-pdf.tsx';

/** /schedule/:meetingId — the meeting's schedule PDF. */
export default function SchedulePage() {
  return <MeetingPdf kind="schedule" />;
}
