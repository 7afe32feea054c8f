import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportMapping, ImportTarget } from '@meetflow/shared/schemas/imports';
import type { MeetingType } from '@meetflow/shared/schemas/meetings';
import { useTranslation } from '../../lib/i18n.ts';
import { refusalText } from '../../lib/refusal-text.ts';
import { toast } from '../../lib/toast.ts';
import type { StartOptions } from './components/import-preview.tsx';
import { useGuestImport, useImportActions } from './import-api.ts';
import { refreshGuests } from './import-list-api.ts';
import {
  checkMapping,
  fitMapping,
  importStep,
  importTargets,
  rowsToWrite,
  unmappedRequired,
} from './import-logic.ts';

const DEFAULT_OPTIONS: StartOptions = { onExisting: 'skip', overLimit: false, sendConfirmation: false };

/**
 * The import drawer's steps and what moves between them: the upload, the column mapping, the
 * preview, the start and the discard of one import job.
 */
export function useImportFlow(props: {
  meetingId: number;
  meetingType: MeetingType;
  resumeId?: number | null;
  onClose: () => void;
}) {
  const { meetingId, meetingType } = props;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [importId, setImportId] = useState<number | null>(props.resumeId ?? null);
  const [previewing, setPreviewing] = useState(false);
  const [mapping, setMapping] = useState<ImportMapping>([]);
  const [mappingOf, setMappingOf] = useState<string | null>(null);
  const [options, setOptions] = useState<StartOptions>(DEFAULT_OPTIONS);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const query = useGuestImport(importId);
  const actions = useImportActions(meetingId);
  const entry = importId === null ? null : (query.data ?? null);
  const answerFields = entry?.answer_fields ?? [];
  const fields = importTargets(meetingType, answerFields);
  const step = importStep(entry?.status ?? null, previewing);
  const check = checkMapping(mapping);
  const requiredUnmapped = unmappedRequired(mapping, answerFields);

  // The server's suggestion becomes the mapping when a file arrives or is read in another encoding
  // (state adjusted while rendering, as React advises).
  const suggestion = entry?.status === 'uploaded' ? `${entry.id}:${entry.encoding}` : null;
  if (suggestion !== mappingOf) {
    setMappingOf(suggestion);
    if (entry && suggestion) setMapping(fitMapping(entry.mapping, entry.headers.length, fields));
  }

  function startOver() {
    setImportId(null);
    setPreviewing(false);
    setOptions(DEFAULT_OPTIONS);
    setStartError(null);
    actions.preview.reset();
  }

  function close() {
    // New guests came in (or are coming): the list reads them again.
    if (entry && entry.status !== 'uploaded') void refreshGuests(queryClient);
    props.onClose();
  }

  async function upload(file: File) {
    setUploadError(null);
    try {
      const created = await actions.upload.mutateAsync({ file, encoding: 'auto' });
      setPreviewing(false);
      setImportId(created.id);
    } catch (error) {
      setUploadError(refusalText(error));
    }
  }

  function map(index: number, field: ImportTarget | null) {
    setMapping((current) => current.map((value, i) => (i === index ? field : value)));
  }

  function runPreview() {
    if (!entry || !check.ok) return;
    setStartError(null);
    setPreviewing(true);
    actions.preview.mutate({ id: entry.id, body: { mapping } });
  }

  function back() {
    setPreviewing(false);
    setStartError(null);
    actions.preview.reset();
  }

  async function start() {
    if (!entry) return;
    setStartError(null);
    try {
      await actions.start.mutateAsync({
        id: entry.id,
        body: {
          mapping,
          on_existing: options.onExisting,
          over_limit: options.overLimit,
          send_confirmation: options.sendConfirmation,
        },
      });
      setPreviewing(false);
    } catch (error) {
      setStartError(refusalText(error));
    }
  }

  async function discard() {
    if (!entry) return;
    try {
      await actions.discard.mutateAsync(entry.id);
      toast.success(t('guestImport.discarded'));
      startOver();
    } catch {
      // The HTTP client has shown the reason.
    }
  }

  const preview = actions.preview.data;
  const toWrite = preview ? rowsToWrite(preview, options) : null;

  return {
    importId,
    query,
    actions,
    entry,
    fields,
    answerFields,
    step,
    mapping,
    check,
    requiredUnmapped,
    options,
    setOptions,
    uploadError,
    startError,
    preview,
    toWrite,
    close,
    upload,
    map,
    runPreview,
    back,
    start,
    discard,
  };
}

export type ImportFlow = ReturnType<typeof useImportFlow>;
