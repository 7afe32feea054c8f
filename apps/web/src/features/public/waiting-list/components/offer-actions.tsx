import { useState } from 'react';
import type { GuestTokenResult } from '@meetflow/shared/schemas/public';
import { useTranslation } from '../../../../lib/i18n.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorMessage } from '../../components/public-frame.tsx';
import { PUBLIC_ERROR_CODES, PublicApiError, publicApi } from '../../public-api.ts';

/**
 * Accept or decline a seat held for the visitor (the meeting's list: the waiting page and the offer
 * mail's page). Nothing happens until a button is pressed; declining asks first. `onClosed` runs
 * after a decline, or when the server says the offer is no longer open (expired, decided elsewhere):
 * the page then reads what became of it.
 */
export function OfferActions({
  offerToken,
  onAccepted,
  onClosed,
}: {
  offerToken: string;
  onAccepted: (result: GuestTokenResult) => void;
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const act = async (kind: 'accept' | 'decline') => {
    if (busy) return;
    setBusy(kind);
    setMessage(null);
    try {
      if (kind === 'accept') onAccepted(await publicApi.acceptOffer(offerToken));
      else {
        await publicApi.declineOffer(offerToken);
        onClosed();
      }
    } catch (error) {
      setMessage(errorMessage(error, t('pub.loadFailed'), t('pub.networkError')));
      if (error instanceof PublicApiError && error.code === PUBLIC_ERROR_CODES.OFFER_NOT_OPEN) onClosed();
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  return (
    <>
      <div className="mf-pub-actions">
        <button
          type="button"
          className="mf-pub-button mf-pub-secondary"
          disabled={busy !== null}
          onClick={() => setConfirming(true)}
          data-testid="offer-decline"
        >
          {t('pub.waitlist.decline')}
        </button>
        <button
          type="button"
          className="mf-pub-button"
          disabled={busy !== null}
          aria-busy={busy === 'accept' || undefined}
          onClick={() => void act('accept')}
          data-testid="offer-accept"
        >
          {busy === 'accept' ? t('pub.submitting') : t('pub.waitlist.accept')}
        </button>
      </div>
      <div role="alert">
        {message && (
          <p className="mf-pub-notice mf-pub-after" data-testid="offer-message">
            {message}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('pub.waitlist.confirmDecline')}
        body={t('pub.waitlist.confirmDeclineBody')}
        confirmLabel={t('pub.waitlist.decline')}
        dismissLabel={t('pub.waitlist.keepOffer')}
        busy={busy === 'decline'}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void act('decline')}
      />
    </>
  );
}
