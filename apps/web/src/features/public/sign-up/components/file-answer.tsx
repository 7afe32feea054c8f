import { useEffect, useRef, useState } from 'react';
import { ANSWER_FILE_MAX_BYTES, ANSWER_FILE_MIMES } from '@meetflow/shared/forms/form-basics';
import type { FileAnswer } from '@meetflow/shared/forms/form-engine';
import { useTranslation } from '../../../../lib/i18n.ts';
import { errorId, fieldId, type FieldBase } from '../../components/form-fields.tsx';
import { errorMessage } from '../../components/public-frame.tsx';
import { publicApi } from '../../public-api.ts';
import { fileSize } from '../custom-form-logic.ts';
import { withRetries } from '../upload-retry.ts';

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; attempt: number }
  /** `retry`: the file to send again, when trying again may help. */
  | { status: 'failed'; reason: string; retry: File | null }
  | { status: 'picked'; name: string; size: number };

/**
 * A file field: the visitor picks a file, it uploads at once (tried again after a pause when the
 * connection fails; a "retry" button when it still does), and the field shows the file's name with a
 * way to replace or remove it. The other answers stay as they are throughout. The native input is
 * hidden behind a button in the page's language; it keeps the focus and the field's labels.
 */
export function FileAnswerField(
  props: FieldBase & {
    value: FileAnswer | null;
    onChange: (value: FileAnswer | undefined) => void;
    publicId: string;
    /** The organiser's preview: the file is named, never uploaded. */
    preview: boolean;
    onBusy: (busy: boolean) => void;
  },
) {
  const { t } = useTranslation();
  const { name, label, required, hint, error, value, onChange, publicId, preview, onBusy } = props;
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const upload = async (file: File) => {
    if (file.size > ANSWER_FILE_MAX_BYTES) {
      setState({ status: 'failed', reason: t('pubForm.fileTooLarge'), retry: null });
      return;
    }
    if (preview) {
      setState({ status: 'picked', name: file.name, size: file.size });
      return;
    }
    onBusy(true);
    try {
      const uploaded = await withRetries(() => publicApi.uploadAnswerFile(publicId, file, file.name), {
        onAttempt: (attempt) => mounted.current && setState({ status: 'uploading', attempt }),
      });
      if (!mounted.current) return;
      setState({ status: 'idle' });
      onChange(uploaded);
    } catch (failure) {
      if (!mounted.current) return;
      const reason = errorMessage(failure, t('pub.loadFailed'), t('pub.networkError'));
      setState({ status: 'failed', reason, retry: file });
    } finally {
      onBusy(false);
    }
  };

  const id = fieldId(name);
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const busy = state.status === 'uploading';
  const status =
    state.status === 'uploading'
      ? state.attempt > 1
        ? t('pubForm.uploadingTry', { attempt: state.attempt })
        : t('pubForm.uploading')
      : state.status === 'failed'
        ? t('pubForm.uploadFailed', { reason: state.reason })
        : state.status === 'picked'
          ? t('pubForm.picked', { name: state.name, size: fileSize(state.size) })
          : value
            ? t('pubForm.uploaded', { name: value.name, size: fileSize(value.size) })
            : '';
  const describedBy = [hintId, statusId, error ? errorId(name) : ''].filter(Boolean).join(' ');

  return (
    <div
      className={`mf-pub-field mf-pub-file${error || state.status === 'failed' ? ' has-error' : ''}`}
      data-testid={`field-${name}-box`}
      aria-busy={busy || undefined}
    >
      <label className="mf-pub-label" htmlFor={id}>
        {label}
        {required ? (
          <span className="mf-pub-req" aria-hidden="true">
            {' *'}
          </span>
        ) : (
          <span className="mf-pub-opt">{` (${t('pub.optional')})`}</span>
        )}
      </label>
      <p className="mf-pub-hint" id={hintId}>
        {hint ? `${hint} · ` : ''}
        {t('pubForm.fileTypes')}
      </p>
      <input
        id={id}
        name={name}
        type="file"
        className="mf-pub-file-input"
        accept={ANSWER_FILE_MIMES.join(',')}
        disabled={busy}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={`field-${name}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared, so that picking the same file again (after a failure) is a change too.
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
      <p className="mf-pub-file-status" id={statusId} role="status" data-testid={`status-${name}`}>
        {status}
      </p>
      <div className="mf-pub-file-row">
        <label htmlFor={id} className="mf-pub-button mf-pub-secondary mf-pub-file-button" aria-hidden="true">
          {value || state.status === 'picked' ? t('pubForm.replaceFile') : t('pubForm.chooseFile')}
        </label>
        {(value || state.status === 'picked') && !busy && (
          <button
            type="button"
            className="mf-pub-button mf-pub-secondary"
            data-testid={`remove-${name}`}
            onClick={() => {
              setState({ status: 'idle' });
              onChange(undefined);
            }}
          >
            {t('pubForm.removeFile')}
          </button>
        )}
        {state.status === 'failed' && state.retry && (
          <button
            type="button"
            className="mf-pub-button"
            data-testid={`retry-${name}`}
            onClick={() => state.retry && void upload(state.retry)}
          >
            {t('pubForm.retryUpload')}
          </button>
        )}
      </div>
      {error && (
        <p className="mf-pub-error" id={errorId(name)} data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}
