import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import type { GuestPersonalData } from '@meetflow/shared/schemas/privacy';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatLongDate } from '../certificate-code.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import {
  certificateItems,
  consentRows,
  formatStamp,
  messageItems,
  myDataBlob,
  myDataFileName,
  personalRows,
  scanItems,
  sessionItems,
  waitingItems,
  type DataContext,
  type DataItem,
  type DataRow,
} from './my-data.ts';
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
  const withdrawnTitle = useRef<HTMLHeadingElement>(null);
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

  const withdrawn = data.status === 'withdrawn';
  useEffect(() => {
    if (withdrawn) withdrawnTitle.current?.focus();
  }, [withdrawn]);

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
      {data.status === 'withdrawn' && (
        <section
          className="mf-pub-card"
          role="status"
          aria-labelledby={`${ids}-withdrawn`}
          data-testid="my-data-withdrawn"
        >
          <h2 className="mf-pub-h2" id={`${ids}-withdrawn`} ref={withdrawnTitle} tabIndex={-1}>
            {t('pub.myData.withdrawnTitle')}
          </h2>
          <p className="mf-pub-success">{t('pub.myData.withdrawnBody')}</p>
          <p className="mf-pub-footer-link">
            <Link className="mf-pub-link" to={`/sign-up/${encodeURIComponent(publicId)}`}>
              {t('pub.waitlist.signUpAgain')}
            </Link>
          </p>
        </section>
      )}
      {data.status === 'ready' && (
        <>
          <section className="mf-pub-card" aria-labelledby={`${ids}-title`} data-testid="my-data">
            <h2 className="mf-pub-h2" id={`${ids}-title`}>
              {t('pub.myData.title')}
            </h2>
            <p className="mf-pub-data-intro">{t('pub.myData.intro')}</p>
            <p className="mf-pub-hint" data-testid="my-data-generated">
              {t('pub.myData.generatedAt', { time: formatStamp(data.data.generated_at, zone, lang) })}
            </p>
            <p className="mf-pub-hint" data-testid="my-data-purge">
              {t('pub.myData.erasedOn', { date: formatLongDate(data.data.meeting.purge_at, zone, lang) })}
            </p>
            <button
              type="button"
              className="mf-pub-button mf-pub-block mf-pub-after"
              onClick={() => download(data.data)}
              data-testid="my-data-download"
            >
              {t('pub.myData.download')}
            </button>
            <div role="status">
              {downloaded && <p className="mf-pub-hint mf-pub-after">{t('pub.myData.downloaded')}</p>}
            </div>
          </section>
          <DataSection id="personal" title={t('pub.myData.sections.personal')} empty={false}>
            <Rows rows={personalRows(data.data.guest, meeting.meeting_type, c)} />
          </DataSection>
          <DataSection id="consent" title={t('pub.myData.sections.consent')} empty={false}>
            {data.data.consent ? (
              <>
                <Rows rows={consentRows(data.data.consent, c)} />
                <p className="mf-pub-data-label" id={`${ids}-notice`}>
                  {t('pub.myData.consentText')}
                </p>
                <div
                  className="mf-pub-consent-text"
                  tabIndex={0}
                  role="region"
                  aria-labelledby={`${ids}-notice`}
                  data-testid="my-data-consent-text"
                >
                  {data.data.consent.text[lang]}
                </div>
              </>
            ) : (
              <p className="mf-pub-empty" data-testid="my-data-consent-empty">
                {t('pub.myData.noConsent')}
              </p>
            )}
          </DataSection>
          <ItemsSection
            id="sessions"
            title={t('pub.myData.sections.sessions')}
            items={sessionItems(data.data.sessions, c)}
          />
          <ItemsSection
            id="scans"
            title={t('pub.myData.sections.scans')}
            items={scanItems(data.data.scans, c)}
          />
          <ItemsSection
            id="certificates"
            title={t('pub.myData.sections.certificates')}
            items={certificateItems(data.data.certificates, c)}
          />
          <ItemsSection
            id="waiting-lists"
            title={t('pub.myData.sections.waitingLists')}
            items={waitingItems(data.data.waiting_lists, c)}
          />
          <ItemsSection
            id="messages"
            title={t('pub.myData.sections.messages')}
            items={messageItems(data.data.messages, c)}
          />
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

function DataSection({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="mf-pub-card" aria-labelledby={titleId} data-testid={`my-data-${id}`}>
      <h2 className="mf-pub-h2" id={titleId}>
        {title}
      </h2>
      {empty ? (
        <p className="mf-pub-empty" data-testid={`my-data-${id}-empty`}>
          {t('pub.none')}
        </p>
      ) : (
        children
      )}
    </section>
  );
}

function ItemsSection({ id, title, items }: { id: string; title: string; items: DataItem[] }) {
  return (
    <DataSection id={id} title={title} empty={items.length === 0}>
      <ul className="mf-pub-data-items">
        {items.map((item, index) => (
          <li key={index} className="mf-pub-data-item">
            <p className="mf-pub-data-item-title">{item.title}</p>
            <Rows rows={item.rows} />
          </li>
        ))}
      </ul>
    </DataSection>
  );
}

/** An e-mail address may break after its '@' rather than anywhere in a narrow column. */
function breakable(value: string): ReactNode {
  const at = value.indexOf('@');
  if (at <= 0) return value;
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}

function Rows({ rows }: { rows: DataRow[] }) {
  return (
    <dl className="mf-pub-data-rows">
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{breakable(row.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
