import { useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { EvaluationAnswerResult, PublicEvaluation } from '@meetflow/shared/schemas/evaluations';
import { useTranslation } from '../../../lib/i18n.ts';
import { errorMessage, MeetingHeader, MeetingLoadState, PublicFrame } from '../components/public-frame.tsx';
import { forgetGuestToken, isTokenLost, PublicApiError, readGuestToken } from '../public-api.ts';
import { usePublicMeeting } from '../use-public-meeting.ts';
import { EvaluationForm } from './components/evaluation-form.tsx';
import { BackLink, EvaluationNotice, EvaluationResult } from './components/evaluation-result.tsx';
import { evaluationIdOf } from './evaluation-outcome.ts';
import './evaluation-i18n.ts';
import './evaluations.css';
import { evaluationPath, evaluationsApi } from './evaluations-api.ts';

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'notFound' }
  | { status: 'ready'; evaluation: PublicEvaluation }
  | { status: 'answered'; evaluation: PublicEvaluation; result: EvaluationAnswerResult };

/**
 * /enroll-info/:meetingId/evaluations/:evaluationId — an evaluation (issue 43) as its guest answers
 * it: the token kept for the meeting identifies them, as on the guest page; without one the look-up
 * comes first and leads back here. Then the answers' result, or why there is nothing to answer.
 */
export default function EvaluationPage() {
  const { meetingId = '', evaluationId = '' } = useParams();
  const { search } = useLocation();
  const id = evaluationIdOf(evaluationId);
  const token = readGuestToken(meetingId);
  if (!token)
    return (
      <Navigate
        to={{ pathname: `/check-in/${encodeURIComponent(meetingId)}`, search }}
        state={id === null ? null : { next: evaluationPath(meetingId, id) }}
        replace
      />
    );
  return <EvaluationRoute key={`${meetingId}/${evaluationId}`} publicId={meetingId} token={token} id={id} />;
}

function EvaluationRoute({ publicId, token, id }: { publicId: string; token: string; id: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, retry } = usePublicMeeting(publicId);
  const [loaded, setLoaded] = useState<Loaded>(id === null ? { status: 'notFound' } : { status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The answers were refused as already given (another device, a second tab): said with the page read again.
  const [answeredElsewhere, setAnsweredElsewhere] = useState(false);

  const tokenLost = useCallback(() => {
    forgetGuestToken(publicId);
    const next = id === null ? null : { next: evaluationPath(publicId, id) };
    void navigate(`/check-in/${encodeURIComponent(publicId)}`, { replace: true, state: next });
  }, [navigate, publicId, id]);

  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    evaluationsApi.one(token, id, controller.signal).then(
      (evaluation) => {
        if (controller.signal.aborted) return;
        setLoaded({ status: 'ready', evaluation });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isTokenLost(error)) tokenLost();
        else if (error instanceof PublicApiError && (error.status === 404 || error.status === 403))
          setLoaded({ status: 'notFound' });
        else
          setLoaded({
            status: 'error',
            message: errorMessage(error, t('pub.loadFailed'), t('pub.networkError')),
          });
      },
    );
    return () => controller.abort();
    // t changes with the language; the evaluation does not need reading again for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, id, tokenLost, attempt]);

  if (state.status !== 'ready') return <MeetingLoadState state={state} onRetry={retry} />;
  const meeting = state.meeting;
  const guestPage = `/enroll-info/${encodeURIComponent(publicId)}`;

  return (
    <PublicFrame meeting={meeting}>
      <MeetingHeader meeting={meeting} />
      {loaded.status === 'loading' && (
        <p className="mf-pub-status" role="status">
          <span className="mf-pub-spinner" aria-hidden="true" />
          {t('pub.loading')}
        </p>
      )}
      {loaded.status === 'error' && (
        <section className="mf-pub-card mf-pub-center" role="alert" data-testid="evaluation-load-error">
          <p>{loaded.message}</p>
          <button type="button" className="mf-pub-button" onClick={() => setAttempt((a) => a + 1)}>
            {t('pub.retry')}
          </button>
        </section>
      )}
      {loaded.status === 'notFound' && <EvaluationNotice kind="notFound" guestPage={guestPage} />}
      {loaded.status === 'ready' && loaded.evaluation.status === 'to_answer' && (
        <EvaluationForm
          evaluation={loaded.evaluation}
          token={token}
          onAnswered={(result) => setLoaded({ status: 'answered', evaluation: loaded.evaluation, result })}
          onConflict={() => {
            // Answered meanwhile (another device) or closed: read it again to say which.
            setAnsweredElsewhere(true);
            setLoaded({ status: 'loading' });
            setAttempt((a) => a + 1);
          }}
          onNotFound={() => setLoaded({ status: 'notFound' })}
          onTokenLost={tokenLost}
        />
      )}
      {loaded.status === 'ready' && loaded.evaluation.status === 'to_answer' && (
        <BackLink guestPage={guestPage} />
      )}
      {loaded.status === 'ready' && loaded.evaluation.status !== 'to_answer' && (
        <EvaluationNotice
          kind={loaded.evaluation.status}
          evaluation={loaded.evaluation}
          alreadyAnswered={answeredElsewhere && loaded.evaluation.status === 'completed'}
          guestPage={guestPage}
        />
      )}
      {loaded.status === 'answered' && (
        <EvaluationResult
          evaluation={loaded.evaluation}
          result={loaded.result}
          token={token}
          guestPage={guestPage}
          onTokenLost={tokenLost}
        />
      )}
    </PublicFrame>
  );
}
