import type { ReactNode } from 'react';
import { Button, Segmented, Space, Typography } from 'antd';
import { CameraOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { SCAN_DIRECTIONS, type ScanDirection } from '../scan-station.ts';

/** The scan screen's header: what is scanned where, the direction, the camera and the way out. */
export function ScanScreenHeader(props: {
  scope: { meetingName: string; scheduleName: string | null; station: string };
  direction: ScanDirection;
  onDirectionChange: (direction: ScanDirection) => void;
  /** Gives the focus back to the code field. */
  onFocus: () => void;
  camera: boolean;
  onCameraToggle: () => void;
  actions?: ReactNode;
  onExit: () => void;
}) {
  const { t } = useTranslation();
  const { scope, direction, camera } = props;
  const scopeLabel = scope.scheduleName ?? t('attendance.wholeMeeting');
  return (
    <header className="scan-screen-header">
      <div className="scan-screen-scope">
        <h1 className="scan-screen-title">
          <Typography.Text strong ellipsis data-testid="scan-meeting">
            {scope.meetingName}
          </Typography.Text>
        </h1>
        <Typography.Text type="secondary" ellipsis>
          {scopeLabel} · {scope.station}
        </Typography.Text>
      </div>
      <Space wrap size={8}>
        <Segmented<ScanDirection>
          value={direction}
          onChange={(value) => {
            props.onDirectionChange(value);
            props.onFocus();
          }}
          options={SCAN_DIRECTIONS.map((d) => ({
            value: d,
            label: <span data-testid={`scan-direction-${d}`}>{t(`attendance.directions.${d}`)}</span>,
          }))}
          data-testid="scan-direction"
        />
        <Button
          icon={<CameraOutlined />}
          onClick={props.onCameraToggle}
          aria-pressed={camera}
          data-testid="scan-camera-toggle"
        >
          {t(camera ? 'attendance.closeCamera' : 'attendance.openCamera')}
        </Button>
        {props.actions}
        <Button icon={<CloseOutlined />} onClick={props.onExit} data-testid="scan-exit">
          {t('attendance.exitScan')}
        </Button>
      </Space>
    </header>
  );
}
