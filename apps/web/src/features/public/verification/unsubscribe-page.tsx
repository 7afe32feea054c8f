import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { MeetinglessFrame } from '../components/meetingless-frame.tsx';
import { PublicApiError, publicApi } from '../public-api.ts';
import { unsubscribeOutcome } from './unsubscribe-outcome.ts';
import './unsubscribe-i18n.ts';
import '../public-page.css';

/** A refusal is kept as its kind (it follows a language switch), with the server's own text where that is what it says. */
type State =
  | { status: 'idle' | 'busy' | 'done' }
  | { status: 'failed'; outcome: ReturnType<typeof unsubscribeOutcome>; text: string };

/**
 * /unsubscribe/:token — the link at the foot of an organiser's broadcast. Nothing happens on opening
 * it (mail scanners open links): the guest presses the button, which POSTs the token, and reads what
 * still arrives. Plain markup, like the other visitor pages.
 */
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  // Another link opened in the same tab starts afresh.
  return <Unsubscribe key={token} token={token} />;
}

function Unsubscribe({ token }: { token: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'idle' });
  const doneRef = useRef<HTMLDivElement>(null);

  // The button goes once it has done its work: the focus moves to what it did.
  useEffect(() => {
    if (state.status === 'done') doneRef.current?.focus();
  }, [state.status]);

  const unsubscribe = async () => {
    if (state.status === 'busy') return;
    setState({ status: 'busy' });
    try {
      await publicApi.unsubscribe(token);
      setState({ status: 'done' });
    } catch (error) {
      setState({
        status: 'failed',
        outcome: unsubscribeOutcome(error),
        text: error instanceof PublicApiError ? error.message : '',
      });
    }
  };

  return (
    <MeetinglessFrame languageLabel={t('unsub.language')}>
      <section className="mf-pub-card" aria-labelledby="pub-unsub-title" data-testid="unsubscribe-page">
        <h1 className="mf-pub-title mf-pub-card-title" id="pub-unsub-title" data-testid="page-title">
          {t('unsub.title')}
        </h1>
        <p className="mf-pub-intro">{t('unsub.intro')}</p>
        {state.status !== 'done' && (
          <button
            type="button"
            className="mf-pub-button mf-pub-block"
            disabled={state.status === 'busy'}
            onClick={() => void unsubscribe()}
            data-testid="unsubscribe-submit"
          >
            {state.status === 'busy' ? t('unsub.working') : t('unsub.submit')}
          </button>
        )}
        {/* Present before they speak, so that screen readers announce the answer when it comes. */}
        <div role="status">
          {state.status === 'done' && (
            <div className="mf-pub-success" tabIndex={-1} ref={doneRef} data-testid="unsubscribe-done">
              <p className="mf-pub-success-title">{t('unsub.done')}</p>
            </div>
          )}
        </div>
        <div role="alert">
          {state.status === 'failed' && (
            <p className="mf-pub-notice mf-pub-after" data-testid="unsubscribe-error">
              {state.outcome === 'server' ? state.text : t(`unsub.${state.outcome}`)}
            </p>
          )}
        </div>
      </section>
    </MeetinglessFrame>
  );
}
