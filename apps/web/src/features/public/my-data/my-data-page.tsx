import { useEffect, useId, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import type { GuestPersonalData } from '@meetflow/shared/schemas/privacy';
import { useTranslation } from '../../../lib/i18n.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { myDataBlob, myDataFileName, type DataContext } from './my-data.ts';
import { DataSections, DataSummary } from './components/data-sections.tsx';
import { WithdrawnNote } from './components/withdrawn-note.tsx';
import {
  errorMessage,
  MeetingHeader,
  MeetingLoadState,
  PublicFrame,
  usePageLanguage,
} from '../components/public-frame.tsx';
import { forgetGuestToken, isTokenLost, publicApi, readGuestToken } from '../public-api.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { usePublicMeeting } from '../use-public-meeting.ts';
import './my-data.css';

type DataState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** The token opens no guest (withdrawn, deleted, another meeting's): look the code up again. */
  | { status: 'lost' }
  | { status: 'ready'; data: GuestPersonalData }
  | { status: 'withdrawn' };

/**
 * /enroll-info/:meetingId/my-data — everything held about the guest (issue 20), in sections, with
 * their copy as JSON to download and the withdrawal of their sign-up (seats freed, data erased).
 */
export default function MyDataPage() {
  const { meetingId = '' } = useParams();
  return <MyDataRoute key={meetingId} publicId={meetingId} />;
}

function MyDataRoute({ publicId }: { publicId: string }) {
  // Read once: the withdrawal forgets the stored token, and the page then says it was withdrawn.
  const [token] = useState(() => readGuestToken(publicId));
  if (!token) return <Navigate to={`/check-in/${encodeURIComponent(publicId)}`} replace />;
  return <MyData publicId={publicId} token={token} />;
}

function MyData({ publicId, token }: { publicId: string; token: string }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { state, retry } = usePublicMeeting(publicId);
  const [data, setData] = useState<DataState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [withdrawing, setWithdrawing] = useState<'confirm' | 'busy' | null>(null);
  const [withdrawError, setWithdrawError] = useState<string | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const ids = useId();

  useEffect(() => {
    const controller = new AbortController();
    publicApi.guestData(token, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        // A token of another meeting's guest does not open this meeting's page.
        setData(
          answer.meeting.public_id === publicId ? { status: 'ready', data: answer } : { status: 'lost' },
        );
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isTokenLost(error)) setData({ status: 'lost' });
        else
          setData({
            status: 'error',
            message: errorMessage(error, t('pub.loadFailed'), t('pub.networkError')),
          });
      },
    );
    return () => controller.abort();
    // t changes with the language; the data does not need reading again for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, publicId, attempt]);

  if (state.status !== 'ready') return <MeetingLoadState state={state} onRetry={retry} />;
  const meeting = state.meeting;
  const zone = meeting.time_zone;
  const c: DataContext = { lang, zone, t };
  const guestPage = `/enroll-info/${encodeURIComponent(publicId)}`;

  const download = (answer: GuestPersonalData) => {
    saveBlob(myDataBlob(answer), myDataFileName(answer.generated_at, zone));
    setDownloaded(true);
  };

  const withdraw = async () => {
    setWithdrawing('busy');
    setWithdrawError(null);
    try {
      await publicApi.withdraw(token);
      forgetGuestToken(publicId);
      setData({ status: 'withdrawn' });
    } catch (error) {
      if (isTokenLost(error)) setData({ status: 'lost' });
      else setWithdrawError(errorMessage(error, t('pub.loadFailed'), t('pub.networkError')));
    } finally {
      setWithdrawing(null);
    }
  };

  return (
    <PublicFrame meeting={meeting}>
      <MeetingHeader meeting={meeting} />
      {data.status === 'loading' && (
        <p className="mf-pub-status" role="status" data-testid="my-data-loading">
          <span className="mf-pub-spinner" aria-hidden="true" />
          {t('pub.loading')}
        </p>
      )}
      {data.status === 'error' && (
        <section className="mf-pub-card mf-pub-center" role="alert" data-testid="my-data-error">
          <p>{data.message}</p>
          <button
            type="button"
            className="mf-pub-button"
            onClick={() => {
              setData({ status: 'loading' });
              setAttempt((a) => a + 1);
            }}
          >
            {t('pub.retry')}
          </button>
        </section>
      )}
      {data.status === 'lost' && (
        <section className="mf-pub-card mf-pub-center" role="alert" data-testid="my-data-lost">
          <p>{t('pub.myData.tokenInvalid')}</p>
          <Link className="mf-pub-button" to={`/check-in/${encodeURIComponent(publicId)}`}>
            {t('pub.myData.lookUp')}
          </Link>
        </section>
      )}
      {data.status === 'withdrawn' && <WithdrawnNote publicId={publicId} />}
      {data.status === 'ready' && (
        <>
          <DataSummary
            data={data.data}
            c={c}
            downloaded={downloaded}
            onDownload={() => download(data.data)}
          />
          <DataSections data={data.data} meetingType={meeting.meeting_type} c={c} />
          <section className="mf-pub-card" aria-labelledby={`${ids}-withdraw`} data-testid="my-data-withdraw">
            <h2 className="mf-pub-h2" id={`${ids}-withdraw`}>
              {t('pub.myData.withdrawTitle')}
            </h2>
            <p className="mf-pub-data-intro">{t('pub.myData.withdrawIntro')}</p>
            <div role="alert">
              {withdrawError && (
                <p className="mf-pub-notice mf-pub-card-title" data-testid="my-data-withdraw-error">
                  {withdrawError}
                </p>
              )}
            </div>
            <button
              type="button"
              className="mf-pub-button mf-pub-danger mf-pub-block"
              onClick={() => setWithdrawing('confirm')}
              data-testid="my-data-withdraw-button"
            >
              {t('pub.myData.withdraw')}
            </button>
          </section>
          <ConfirmDialog
            open={withdrawing !== null}
            title={t('pub.myData.confirmWithdraw')}
            body={t('pub.myData.confirmWithdrawBody')}
            confirmLabel={t('pub.myData.confirmWithdrawOk')}
            dismissLabel={t('pub.myData.keep')}
            danger
            busy={withdrawing === 'busy'}
            onCancel={() => setWithdrawing(null)}
            onConfirm={() => void withdraw()}
          />
        </>
      )}
      {data.status !== 'withdrawn' && data.status !== 'lost' && (
        <nav className="mf-pub-links" aria-label={t('pub.myData.back')}>
          <Link className="mf-pub-button mf-pub-secondary" to={guestPage} data-testid="my-data-back">
            {t('pub.myData.back')}
          </Link>
        </nav>
      )}
    </PublicFrame>
  );
}
