import { useState } from 'react';
import { Modal } from 'antd';
import type { ButtonProps } from 'antd';

/**
 * The meeting list's delete confirmation, loaded when first asked for: antd's Modal is ~8 KB gzip
 * that the back office's first screen does not need before someone deletes a meeting.
 */
export function DeleteMeetingConfirm({
  title,
  onConfirm,
  onClose,
}: {
  title: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={title}
      okButtonProps={{ danger: true, loading: busy, 'data-testid': 'meeting-delete-confirm' } as ButtonProps}
      onOk={async () => {
        setBusy(true);
        try {
          await onConfirm();
          onClose();
        } finally {
          setBusy(false);
        }
      }}
      onCancel={onClose}
    />
  );
}
