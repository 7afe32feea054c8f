import { Link, useParams } from 'react-router';
import type { PublicMeeting } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../lib/i18n.ts';
import { displayTextOrDefault } from '@meetflow/shared/display-text';
import { DateScheduleSignUp } from './components/date-schedule-sign-up.tsx';
import { GeneralSignUp } from './components/general-sign-up.tsx';
import {
  MeetingHeader,
  MeetingLoadState,
  PublicFrame,
  usePageLanguage,
} from '../components/public-frame.tsx';
import { usePublicMeeting } from '../use-public-meeting.ts';
import { useFormPreview } from './use-form-preview.ts';
import { signUpMode } from '../waitlist-state.ts';
import { groupFormFits } from '../groups/group-form-fits.ts';
import { InvitationNotice } from './components/invitation-notice.tsx';
import { meetingForInvitee, useInvitation } from './use-invitation.ts';

function ClosedNotice({ meeting }: { meeting: PublicMeeting }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const text =
    meeting.status === 'full'
      ? t('pub.full')
      : displayTextOrDefault(meeting.display_config, 'signup_closed', lang);
  return (
    <section className="mf-pub-card mf-pub-center" data-testid="sign-up-closed" data-status={meeting.status}>
      <h2 className="mf-pub-h2">{text}</h2>
    </section>
  );
}

/**
 * /sign-up/:meetingId — the general or date-schedule sign-up form, or why it is closed. A full
 * meeting whose waiting list is open shows the same form, which puts the visitor on the list.
 * `?preview=1` is the organiser's preview of the form being built (form-preview.ts): the form shows
 * whatever the meeting's state, with the builder's fields, and cannot be sent. `?invitation=` is a
 * personal invitation's code (issue 45): checked, shown, and sent with the form (use-invitation.ts).
 */
export default function SignUpPage() {
  const { meetingId = '' } = useParams();
  const { state, reload, retry } = usePublicMeeting(meetingId);
  const preview = useFormPreview();
  const invitation = useInvitation(meetingId);
  const { t } = useTranslation();
  const lang = usePageLanguage();
  if (state.status !== 'ready') return <MeetingLoadState state={state} onRetry={retry} />;
  const meeting = meetingForInvitee(state.meeting, invitation.state);
  const config = meeting.display_config;
  const mode = preview && signUpMode(meeting) === 'closed' ? 'open' : signUpMode(meeting);
  return (
    <PublicFrame meeting={meeting}>
      <MeetingHeader meeting={meeting} />
      {mode !== 'closed' ? (
        <section className="mf-pub-card" aria-labelledby="pub-signup-title" data-mode={mode}>
          <h2 className="mf-pub-h2" id="pub-signup-title" data-testid="sign-up-title">
            {mode === 'waitlist'
              ? t('pub.waitlist.fullTitle')
              : displayTextOrDefault(config, 'signup_title', lang)}
          </h2>
          <p className="mf-pub-intro">
            {mode === 'waitlist'
              ? t('pub.waitlist.fullIntro')
              : displayTextOrDefault(config, 'signup_intro', lang)}
          </p>
          {!preview && <InvitationNotice invitation={invitation} />}
          {mode === 'form' && !preview && invitation.accepted === null && <GroupOffer meeting={meeting} />}
          {meeting.meeting_type === 'date_schedule' ? (
            <DateScheduleSignUp
              meeting={meeting}
              onStale={reload}
              preview={preview}
              invitationCode={invitation.accepted}
            />
          ) : (
            <GeneralSignUp
              meeting={meeting}
              onStale={reload}
              preview={preview}
              invitationCode={invitation.accepted}
            />
          )}
        </section>
      ) : (
        <>
          {/* A full meeting still takes an invitation's code: one that finds a seat opens the form. */}
          {meeting.status === 'full' && !preview && (
            <div className="mf-pub-closed-invitation">
              <InvitationNotice invitation={invitation} />
            </div>
          )}
          <ClosedNotice meeting={meeting} />
        </>
      )}
      <p className="mf-pub-footer-link">
        <Link
          className="mf-pub-link"
          to={`/check-in/${encodeURIComponent(meeting.public_id)}`}
          data-testid="link-check-in"
        >
          {displayTextOrDefault(config, 'signup_signed_up_link', lang)}
        </Link>
      </p>
    </PublicFrame>
  );
}

/** Group bookings (issue 45): a contact registering several people is sent to the group form. */
function GroupOffer({ meeting }: { meeting: PublicMeeting }) {
  const { t } = useTranslation();
  if ((meeting.group_max ?? 0) < 2 || !groupFormFits(meeting)) return null;
  return (
    <p className="mf-pub-group-offer">
      <Link
        className="mf-pub-link"
        to={`/sign-up/${encodeURIComponent(meeting.public_id)}/group`}
        data-testid="link-group"
      >
        {t('pub.groups.offer')}
      </Link>
    </p>
  );
}
