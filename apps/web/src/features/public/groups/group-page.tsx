import { useCallback, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import type { GroupAttendee, PublicGroup } from '@meetflow/shared/schemas/groups';
import { useTranslation } from '../../../lib/i18n.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { MeetingLoadState, MeetingHeader, PublicFrame } from '../components/public-frame.tsx';
import { GuestQr } from '../guest-page/components/guest-qr.tsx';
import { PublicApiError } from '../public-api.ts';
import { usePublicMeeting } from '../use-public-meeting.ts';
import { GroupOrder } from './components/group-order.tsx';
import { groupApi } from './group-api.ts';
import { groupTokenOf } from './group-return.ts';
import '../public-page.css';

type Loaded =
  { status: 'loading' } | { status: 'error'; text: string } | { status: 'ready'; group: PublicGroup };

/**
 * /group/:token — the contact's page: every attendee with their code (a QR each, as the guest page
 * shows it) and state; cancel one (after a confirmation) or send their mail again. The token stays
 * in the page's address fragment and travels to the server only in the X-Group-Token header.
 * Stripe's way back is /group/return (group-return.ts): the token kept in the tab stands in.
 */
export default function GroupPage() {
  const { token: segment = '' } = useParams();
  const token = groupTokenOf(segment);
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    groupApi
      .view(token, controller.signal)
      .then((group) => setLoaded({ status: 'ready', group }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({
          status: 'error',
          text: error instanceof PublicApiError && error.message ? error.message : t('pub.groups.badLink'),
        });
      });
    return () => controller.abort();
  }, [token, t]);
  if (loaded.status === 'loading') {
    return (
      <main className="mf-pub" aria-busy="true">
        <p className="mf-pub-status" role="status" data-testid="public-loading">
          <span className="mf-pub-spinner" aria-hidden="true" />
          {t('pub.loading')}
        </p>
      </main>
    );
  }
  if (loaded.status === 'error') {
    return (
      <main className="mf-pub">
        <p className="mf-pub-status" role="alert" data-testid="group-error">
          {loaded.text}
        </p>
      </main>
    );
  }
  return <GroupView token={token} initial={loaded.group} />;
}

/** Back from Stripe, the order is read again this often, this many times, until the webhook paid it. */
const CONFIRM_POLL_MS = 3000;
const CONFIRM_POLLS = 10;

function GroupView({ token, initial }: { token: string; initial: PublicGroup }) {
  const { t } = useTranslation();
  const returned = new URLSearchParams(useLocation().search).get('payment') === 'returned';
  const { state, retry } = usePublicMeeting(initial.meeting_public_id);
  const [group, setGroup] = useState(initial);
  const [confirming, setConfirming] = useState<GroupAttendee | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  const act = useCallback(
    async (run: () => Promise<PublicGroup>, done?: string) => {
      setBusy(true);
      setNote(null);
      try {
        setGroup(await run());
        if (done) setNote(done);
      } catch (error) {
        setNote(error instanceof PublicApiError && error.message ? error.message : t('pub.networkError'));
      } finally {
        setBusy(false);
        setConfirming(null);
      }
    },
    [t],
  );

  const awaiting = returned && group.order?.status === 'pending';
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (!awaiting || polls >= CONFIRM_POLLS) return;
    const timer = setTimeout(() => {
      groupApi
        .view(token)
        .then(setGroup)
        .catch(() => undefined)
        .finally(() => setPolls((p) => p + 1));
    }, CONFIRM_POLL_MS);
    return () => clearTimeout(timer);
  }, [awaiting, polls, token]);

  if (state.status !== 'ready') return <MeetingLoadState state={state} onRetry={retry} />;
  return (
    <PublicFrame meeting={state.meeting}>
      <MeetingHeader meeting={state.meeting} />
      <section className="mf-pub-card" aria-labelledby="pub-group-page-title">
        <h2 className="mf-pub-h2" id="pub-group-page-title" data-testid="group-page-title">
          {t('pub.groups.pageTitle')}
        </h2>
        <p className="mf-pub-intro">{t('pub.groups.pageIntro')}</p>
        {note && (
          <p className="mf-pub-status" role="status" data-testid="group-note">
            {note}
          </p>
        )}
        {awaiting && (
          <p className="mf-pub-status" role="status" data-testid="payment-confirming">
            {polls >= CONFIRM_POLLS ? t('pub.groups.paymentSlow') : t('pub.groups.paymentConfirming')}
          </p>
        )}
        {group.order?.status === 'pending' && (
          <p className="mf-pub-status" data-testid="group-unpaid">
            {t('pub.groups.codesAfterPayment')}
          </p>
        )}
        <ol className="mf-pub-group-list">
          {group.attendees.map((a) => (
            <li key={a.id} className="mf-pub-group-item" data-testid="group-attendee" data-state={a.state}>
              <h3 className="mf-pub-group-name">{a.display_name}</h3>
              <p className="mf-pub-muted">
                {a.masked_phone} · {a.masked_email}
              </p>
              <p className="mf-pub-group-state">{t(`pub.groups.${a.state}`)}</p>
              {a.guest_code && (
                <>
                  <div data-testid="group-code" data-guest-code={a.guest_code}>
                    <GuestQr code={a.guest_code} />
                  </div>
                  <div className="mf-pub-actions">
                    <button
                      type="button"
                      className="mf-pub-button mf-pub-secondary"
                      disabled={busy}
                      onClick={() => void act(() => groupApi.resend(token, a.id), t('pub.groups.resent'))}
                    >
                      {t('pub.groups.resend')}
                    </button>
                    <button
                      type="button"
                      className="mf-pub-button mf-pub-secondary"
                      disabled={busy}
                      data-testid="group-cancel"
                      onClick={() => setConfirming(a)}
                    >
                      {t('pub.groups.cancel')}
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ol>
      </section>
      {group.order && (
        <GroupOrder meeting={state.meeting} order={group.order} attendees={group.attendees} token={token} />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('pub.groups.cancelTitle', { name: confirming?.display_name ?? '' })}
        body={t('pub.groups.cancelBody')}
        confirmLabel={t('pub.groups.cancel')}
        dismissLabel={t('pub.groups.keep')}
        busy={busy}
        danger
        onConfirm={() => confirming && void act(() => groupApi.cancel(token, confirming.id))}
        onCancel={() => setConfirming(null)}
      />
    </PublicFrame>
  );
}
