import type { ReactNode } from 'react';
import { Button, Empty } from 'antd';
import { CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from '../lib/i18n.ts';
import './load-error.css';

interface Props {
  /** What failed; the data of a list by default. */
  title?: string;
  /** The client's account of the failure (network, timeout, the server's message). */
  reason: string | undefined;
  onRetry: () => void;
  retrying: boolean;
}

/**
 * A load that failed, said as such and with a retry: an empty table would pass for "no data", and a
 * page whose code did not arrive would be a dead end.
 */
export function LoadError({ title, reason, onRetry, retrying }: Props) {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="load-error">
      <Empty
        // Not the empty box, whose picture is titled "No data".
        image={<CloseCircleOutlined className="mf-load-error-icon" />}
        styles={{ image: { height: 'auto' } }}
        description={
          <>
            <strong>{title ?? t('error.loadFailed')}</strong>
            {reason && <div>{reason}</div>}
          </>
        }
      >
        <Button type="primary" loading={retrying} onClick={onRetry} data-testid="load-error-retry">
          {t('error.retry')}
        </Button>
      </Empty>
    </div>
  );
}

/** The part of a TanStack query a failed load needs. */
export interface LoadState {
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** What a table or list shows with no rows: the load error with a retry if `query` failed, else `empty`. */
export function emptyTextFor(query: LoadState, empty?: ReactNode): ReactNode {
  if (!query.isError) return empty;
  return (
    <LoadError
      reason={query.error?.message}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
}
