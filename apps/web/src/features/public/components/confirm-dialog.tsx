import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * A confirmation in a native modal <dialog>: focus trap, Escape and the backdrop come from the
 * browser, with no UI library. The buttons can name their actions, so that "Cancel enrollment"
 * never sits beside a second "Cancel".
 */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  dismissLabel,
  busy,
  danger,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  body?: string;
  confirmLabel?: string;
  dismissLabel?: string;
  busy?: boolean;
  /** The action destroys something that cannot be had back (a withdrawal): its button says so in red. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="mf-pub-dialog"
      aria-labelledby={titleId}
      data-testid="confirm-dialog"
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId} className="mf-pub-dialog-title">
        {title}
      </h2>
      {body && <p className="mf-pub-dialog-body">{body}</p>}
      <div className="mf-pub-actions">
        <button type="button" className="mf-pub-button mf-pub-secondary" onClick={onCancel} disabled={busy}>
          {dismissLabel ?? t('pub.cancel')}
        </button>
        <button
          type="button"
          className={danger ? 'mf-pub-button mf-pub-danger' : 'mf-pub-button'}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
          data-testid="confirm-ok"
          autoFocus
        >
          {busy ? t('pub.submitting') : (confirmLabel ?? t('pub.confirm'))}
        </button>
      </div>
    </dialog>
  );
}
