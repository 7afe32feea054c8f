import { useState } from 'react';
import { Button } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { ApiError, isAuthFailure } from '../../../lib/http-errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import type { AnswerFile } from '../guest-answers-logic.ts';
import { downloadAnswerFile } from '../guests-api.ts';

/**
 * A file the guest answered with (proof of membership), as its name: a click downloads it through
 * the guest, with the session's token; the file is personal and has no public address.
 */
export function GuestAnswerFile({ guestId, file }: { guestId: number; file: AnswerFile }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);

  async function download() {
    setLoading(true);
    try {
      await downloadAnswerFile(guestId, file);
    } catch (error) {
      const shown = error instanceof ApiError && !isAuthFailure(error.code, error.message);
      toast.error(shown ? error.message : t('guests.answers.downloadFailed'));
    } finally {
      setLoading(false);
    }
  }

  return (
    <Button
      type="link"
      size="small"
      icon={<PaperClipOutlined />}
      loading={loading}
      onClick={() => void download()}
      title={t('guests.answers.downloadFile')}
      style={{
        padding: 0,
        height: 'auto',
        whiteSpace: 'normal',
        textAlign: 'start',
        wordBreak: 'break-word',
      }}
      data-testid="guest-answer-file"
    >
      {file.name}
    </Button>
  );
}
