import { Link, useParams } from 'react-router';
import type { PublicMeeting } from '@meetflow/shared';
import { useTranslation } from '../../lib/i18n.ts';
import { pageText } from './page-texts.ts';
import { DateScheduleSignUp } from './date-schedule-sign-up.tsx';
import { GeneralSignUp } from './general-sign-up.tsx';
import { MeetingHeader, MeetingLoadState, PublicFrame, usePageLanguage } from './public-frame.tsx';
import { usePublicMeeting } from './use-public-meeting.ts';

function ClosedNotice({ meeting }: { meeting: PublicMeeting }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const text =
    meeting.status === 'full' ? t('pub.full') : pageText(meeting.display_config, 'signup_closed', lang);
  return (
    <section className="mf-pub-card mf-pub-center" data-testid="sign-up-closed" data-status={meeting.status}>
      <h2 className="mf-pub-h2">{text}</h2>
    </section>
  );
}

/** /sign-up/:meetingId — the general or date-schedule sign-up form, or why it is closed. */
export default function SignUpPage() {
  const { meetingId = '' } = useParams();
  const { state, reload, retry } = usePublicMeeting(meetingId);
  const lang = usePageLanguage();
  if (state.status !== 'ready') return <MeetingLoadState state={state} onRetry={retry} />;
  const meeting = state.meeting;
  const config = meeting.display_config;
  return (
    <PublicFrame meeting={meeting}>
      <MeetingHeader meeting={meeting} />
      {meeting.status === 'open' ? (
        <section className="mf-pub-card" aria-labelledby="pub-signup-title">
          <h2 className="mf-pub-h2" id="pub-signup-title">
            {pageText(config, 'signup_title', lang)}
          </h2>
          <p className="mf-pub-intro">{pageText(config, 'signup_intro', lang)}</p>
          {meeting.meeting_type === 'date_schedule' ? (
            <DateScheduleSignUp meeting={meeting} onStale={reload} />
          ) : (
            <GeneralSignUp meeting={meeting} />
          )}
        </section>
      ) : (
        <ClosedNotice meeting={meeting} />
      )}
      <p className="mf-pub-footer-link">
        <Link
          className="mf-pub-link"
          to={`/check-in/${encodeURIComponent(meeting.public_id)}`}
          data-testid="link-check-in"
        >
          {pageText(config, 'signup_signed_up_link', lang)}
        </Link>
      </p>
    </PublicFrame>
  );
}
