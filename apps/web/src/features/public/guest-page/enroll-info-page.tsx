import { useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { Language } from '@meetflow/shared/languages';
import type { GuestTokenResult, PublicGuest, PublicMeeting } from '@meetflow/shared/schemas/public';
import type { MeetingWaitlistEntry } from '@meetflow/shared/schemas/waitlist';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { displayTextOrDefault } from '@meetflow/shared/display-text';
import { GuestCertificate } from '../documents/components/guest-certificate.tsx';
import { evaluationPath } from '../evaluations/evaluations-api.ts';
import { GuestCard } from './components/guest-card.tsx';
import { GuestEvaluations } from './components/guest-evaluations.tsx';
import { GuestLinks } from './components/guest-links.tsx';
import { GuestWaitlistNote, ViewToggle, type GuestView } from './components/view-toggle.tsx';
import { MailSentNote } from './components/mail-sent-note.tsx';
import { ApplicationReceived, ApplicationView } from './components/application-view.tsx';
import type { ArrivalState } from '../arrival-note.ts';
import {
  errorMessage,
  MeetingHeader,
  MeetingLoadState,
  PublicFrame,
  usePageLanguage,
} from '../components/public-frame.tsx';
import {
  forgetGuestToken,
  isTokenLost,
  loadVisitor,
  readGuestToken,
  saveGuestToken,
  visitorMeetingId,
  type Visitor,
} from '../public-api.ts';
import { SessionLists } from '../sessions/components/session-lists.tsx';
import { usePublicMeeting } from '../use-public-meeting.ts';
import { WaitingView } from '../waiting-list/components/waiting-view.tsx';
import { closedOrderOf, type ClosedStatus } from '../payments/closed-order-api.ts';
import { ClosedOrderSlot, OrderSlot } from '../payments/components/order-slot.tsx';
import type { GuestOrderProps } from '../payments/components/guest-order.tsx';

/**
 * The guest card, and on a paid meeting (issue 44) the order: what to pay instead of the code while
 * unpaid, the receipts under the card once paid.
 */
function CodeView(props: GuestOrderProps & { mailNote: boolean }) {
  const { mailNote, ...orderProps } = props;
  const { meeting, guest, token } = orderProps;
  const order = guest.unpaid || meeting.pricing !== null ? <OrderSlot {...orderProps} /> : null;
  return (
    <>
      {guest.unpaid && order}
      {/* An unpaid guest's confirmation mail comes with the payment. */}
      <GuestCard meeting={meeting} guest={guest} token={token} mailNote={mailNote && !guest.unpaid} />
      {!guest.unpaid && order}
    </>
  );
}

type VisitorState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; visitor: Visitor }
  /** A paid meeting's sign-up whose hold ran out (or order closed): its token opens only its order. */
  | { status: 'closed'; order: ClosedStatus };

/** What the page says above the card about how the visitor got here, if anything. */
function arrivalNote(
  t: TFunction,
  config: PublicMeeting['display_config'],
  lang: Language,
  promoted: boolean,
  arrival: ArrivalState | null,
) {
  if (promoted) return t('pub.waitlist.promoted');
  // An applicant's note is ApplicationReceived, with its own words.
  if (arrival?.note === 'applied') return null;
  if (arrival?.note === 'signed_up') return displayTextOrDefault(config, 'signup_success', lang);
  return arrival?.note === 'accepted' ? t('pub.waitlist.accepted') : null;
}

/**
 * /enroll-info/:meetingId — the guest's QR code, data, guide and (date-schedule) sessions; for a
 * visitor on the meeting's waiting list, their place on it, until a seat is theirs.
 */
export default function EnrollInfoPage() {
  const { meetingId = '' } = useParams();
  const { search } = useLocation();
  const token = readGuestToken(meetingId);
  // The look-up keeps the link's query: a mail's `lang` still decides the page's language there.
  if (!token)
    return <Navigate to={{ pathname: `/check-in/${encodeURIComponent(meetingId)}`, search }} replace />;
  return <EnrollInfo publicId={meetingId} token={token} />;
}

function EnrollInfo({ publicId, token: storedToken }: { publicId: string; token: string }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const { state, reload, retry } = usePublicMeeting(publicId);
  // Accepting a held seat hands the device a new token.
  const [token, setToken] = useState(storedToken);
  const [visitor, setVisitor] = useState<VisitorState>({ status: 'loading' });
  const [view, setView] = useState<GuestView>('code');
  const [attempt, setAttempt] = useState(0);
  const arrival = location.state as ArrivalState | null;
  const justJoined = arrival?.joinedWaitlist === true;
  // A visitor who was waiting and is given a seat on this page hears it here.
  const [promoted, setPromoted] = useState(false);

  const showGuest = (guest: PublicGuest) =>
    setVisitor({ status: 'ready', visitor: { kind: 'guest', guest } });
  const newToken = (next: string) => {
    saveGuestToken(publicId, next);
    setToken(next);
  };
  const onEntry = (entry: MeetingWaitlistEntry) => {
    // Given a seat: the same token opens the guest page now.
    if (entry.status === 'promoted') {
      setPromoted(true);
      setAttempt((a) => a + 1);
    } else setVisitor({ status: 'ready', visitor: { kind: 'waiting', entry } });
  };
  const onAccepted = (result: GuestTokenResult) => {
    newToken(result.guest_token);
    if (result.guest) {
      setPromoted(true);
      showGuest(result.guest);
    }
  };

  // The order was paid while the page showed it: the guest is read again, and their code comes.
  const reread = useCallback(() => setAttempt((a) => a + 1), []);

  const tokenLost = useCallback(() => {
    forgetGuestToken(publicId);
    void navigate(`/check-in/${encodeURIComponent(publicId)}`, { replace: true });
  }, [navigate, publicId]);

  useEffect(() => {
    const controller = new AbortController();
    loadVisitor(token, controller.signal)
      .then((v) => {
        if (visitorMeetingId(v) !== publicId) tokenLost();
        else setVisitor({ status: 'ready', visitor: v });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (isTokenLost(error))
          void closedOrderOf(token).then((order) =>
            order ? setVisitor({ status: 'closed', order }) : tokenLost(),
          );
        else
          setVisitor({
            status: 'error',
            message: errorMessage(error, t('pub.loadFailed'), t('pub.networkError')),
          });
      });
    return () => controller.abort();
    // t changes with the language; the guest does not need re-fetching for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, publicId, tokenLost, attempt]);

  if (state.status !== 'ready') return <MeetingLoadState state={state} onRetry={retry} />;
  const meeting = state.meeting;
  const config = meeting.display_config;
  const dateSchedule = meeting.meeting_type === 'date_schedule';
  const guest = visitor.status === 'ready' && visitor.visitor.kind === 'guest' ? visitor.visitor.guest : null;
  const note = arrivalNote(t, config, lang, promoted, arrival);
  // An unpaid guest's confirmation mail comes with the payment (issue 44): no note of it yet.
  const mailAtTop = arrival?.note === 'signed_up' && guest?.unpaid !== true;
  const back = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate(`/check-in/${encodeURIComponent(publicId)}`);
  };

  return (
    <PublicFrame meeting={meeting}>
      <MeetingHeader meeting={meeting} />
      {visitor.status === 'loading' && (
        <p className="mf-pub-status" role="status">
          <span className="mf-pub-spinner" aria-hidden="true" />
          {t('pub.loading')}
        </p>
      )}
      {visitor.status === 'closed' && <ClosedOrderSlot meeting={meeting} status={visitor.order} />}
      {visitor.status === 'error' && (
        <section className="mf-pub-card mf-pub-center" role="alert">
          <p>{visitor.message}</p>
          <button type="button" className="mf-pub-button" onClick={() => setAttempt((a) => a + 1)}>
            {t('pub.retry')}
          </button>
        </section>
      )}
      {arrival?.note === 'applied' && visitor.status === 'ready' && <ApplicationReceived />}
      {visitor.status === 'ready' && visitor.visitor.kind === 'application' && (
        <ApplicationView meeting={meeting} application={visitor.visitor.application} />
      )}
      {visitor.status === 'ready' && visitor.visitor.kind === 'waiting' && (
        <WaitingView
          meeting={meeting}
          token={token}
          entry={visitor.visitor.entry}
          justJoined={justJoined}
          onEntry={onEntry}
          onAccepted={onAccepted}
          onPlaceGone={() => setAttempt((a) => a + 1)}
        />
      )}
      {guest && (
        <>
          {note && (
            <p className="mf-pub-success" role="status" data-testid="guest-status">
              {note}
            </p>
          )}
          {/* Just signed up: where the mail went, at the top with the success; later, under the details. */}
          {mailAtTop && view === 'code' && <MailSentNote token={token} boxed />}
          {dateSchedule && <ViewToggle view={view} onView={setView} />}
          {view === 'code' && dateSchedule && guest.waitlist.length > 0 && (
            <GuestWaitlistNote guest={guest} onSessions={() => setView('sessions')} />
          )}
          {view === 'sessions' && dateSchedule ? (
            <SessionLists
              meeting={meeting}
              guest={guest}
              token={token}
              onGuest={showGuest}
              onToken={newToken}
              onStale={reload}
              onTokenLost={tokenLost}
            />
          ) : (
            <CodeView
              meeting={meeting}
              guest={guest}
              token={token}
              mailNote={!mailAtTop}
              onPaid={reread}
              onTokenLost={tokenLost}
            />
          )}
          {view === 'code' && (
            <GuestCertificate
              token={token}
              onTokenLost={tokenLost}
              evaluationPath={(id) => evaluationPath(publicId, id)}
            />
          )}
          {view === 'code' && <GuestEvaluations publicId={publicId} token={token} />}
        </>
      )}
      <GuestLinks meeting={meeting} publicId={publicId} hasGuest={guest !== null} onBack={back} />
    </PublicFrame>
  );
}
