import { useState } from 'react';
import { Button, type ButtonProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from '../lib/i18n.ts';
import { downloadFile } from '../lib/authorized-fetch.ts';
import { ApiError, reportFailure } from '../lib/http.ts';
import { isAuthFailure } from '../lib/http-errors.ts';
import { toast } from '../lib/toast.ts';

interface ExportButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  /** API path of the export (query included), without the /api prefix. */
  path: string;
  /** Used when the server names no file. */
  fallbackName: string;
  label: string;
  /** What the messages call the download when it is not an export (a template): "…ing", then done. */
  texts?: { busy: string; done: string };
}

function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

/**
 * Downloads a server-made export with progress: "Exporting" (with the size received so far) while
 * the file streams in, "Export Success" when the browser has it (spec §8).
 */
export function ExportButton({ path, fallbackName, label, texts, ...buttonProps }: ExportButtonProps) {
  const { t } = useTranslation();
  const busyText = texts?.busy ?? t('message.exporting');
  const [received, setReceived] = useState<number | null>(null);
  const key = `export:${path}`;

  async function run() {
    setReceived(0);
    toast.info(busyText, { key, duration: 120_000 });
    try {
      await downloadFile(path, fallbackName, setReceived);
      toast.success(texts?.done ?? t('message.exportSuccess'), { key });
    } catch (error) {
      // The failure replaces the "Exporting" message; an ended session goes to the login page as usual.
      if (error instanceof ApiError && !isAuthFailure(error.code, error.message)) {
        toast.error(error.message, { key });
      } else {
        toast.error(t('http.unanswered'), { key });
        reportFailure(error);
      }
    } finally {
      setReceived(null);
    }
  }

  const busy = received !== null;
  return (
    <Button icon={<DownloadOutlined />} {...buttonProps} loading={busy} onClick={() => void run()}>
      {busy ? (received > 0 ? `${busyText} ${megabytes(received)} MB` : busyText) : label}
    </Button>
  );
}
