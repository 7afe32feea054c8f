import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Col, Result, Row, Space, Statistic, Tag } from 'antd';
import { CloudOutlined, DisconnectOutlined, TabletOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Answers } from '@meetflow/shared/forms/form-engine';
import type { Language } from '@meetflow/shared/languages';
import { usePermission } from '../../components/permission.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { registerStationWorker, useOfflineReady } from '../../lib/service-worker.ts';
import { loginPathWithRedirect } from '../../lib/session/redirect.ts';
import { isKioskLocked, STATION_PATH } from '../../lib/station-lock.ts';
import {
  createDoorStation,
  type DoorAnswer,
  type DoorScope,
  type DoorStation,
  type DoorStatus,
} from './offline/door-station.ts';
import { openStationStore } from './offline/station-store.ts';
import { ScanScreen } from './components/scan-screen.tsx';
import { readStation, writeStation, type ScanDirection, type StationSettings } from './scan-station.ts';
import './i18n.ts';
import './station-i18n.ts';

const KioskScreen = lazy(() => import('./components/kiosk-screen.tsx'));
const KioskSetupDialog = lazy(() => import('./components/kiosk-setup-dialog.tsx'));
const WalkInDialog = lazy(() => import('./components/walk-in-dialog.tsx'));

const RECORDS_PATH = '/meeting_management/records';

/**
 * The station engine of one scope, for as long as the page shows it: the copy kept on this device,
 * the queue, the refreshes and uploads. Null until the device's store is open.
 */
function useDoorStation(scope: DoorScope | null): {
  station: DoorStation | null;
  status: DoorStatus | null;
  failed: boolean;
} {
  const [station, setStation] = useState<DoorStation | null>(null);
  const [status, setStatus] = useState<DoorStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const key = scope && `${scope.meetingId}:${scope.scheduleId}:${scope.station}:${scope.kiosk}`;
  useEffect(() => {
    if (!scope) return;
    let closed = false;
    let shutDown: () => void = () => undefined;
    openStationStore().then(
      (store) => {
        if (closed) {
          store.close();
          return;
        }
        const engine = createDoorStation({ scope, store, onChange: setStatus });
        // The copy is written once more before the store closes.
        shutDown = () => void engine.stop().finally(() => store.close());
        setStation(engine);
        setStatus(engine.status());
        setFailed(false);
        void engine.start();
      },
      // No IndexedDB (a private window that refuses it, storage full): the station cannot keep scans.
      () => setFailed(true),
    );
    return () => {
      closed = true;
      shutDown();
      setStation(null);
    };
    // The scope is rebuilt on every render; its key says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { station, status, failed };
}

/** Connection, queue, the copy's age and whether the app is cached for offline use. */
function StationStatusBar({ status, onRetryHeld }: { status: DoorStatus | null; onRetryHeld: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const offlineReady = useOfflineReady();
  if (!status) return null;
  return (
    <div className="station-status" data-testid="station-status" data-online={status.online}>
      <Space wrap size={[8, 4]}>
        {status.online ? (
          <Tag color="green" icon={<CloudOutlined />} data-testid="station-online">
            {t('station.online')}
          </Tag>
        ) : (
          <Tag color="orange" icon={<DisconnectOutlined />} data-testid="station-offline">
            {t('station.offline')}
          </Tag>
        )}
        {status.queueRead ? (
          <span data-testid="station-queue" data-count={status.queued}>
            {status.syncing ? t('station.syncing') : t('station.queued', { count: status.queued })}
          </span>
        ) : (
          // Until the device's queue is read its count is unknown, never a passing 0.
          <span data-testid="station-queue" aria-busy="true">
            {t('station.queueReading')}
          </span>
        )}
        <span data-testid="station-copy" data-count={status.guestCount}>
          {status.copyAt === null
            ? t('station.noCopy')
            : t('station.copy', { count: status.guestCount, time: dayjs(status.copyAt).format('HH:mm:ss') })}
        </span>
        <span data-testid="station-offline-ready" data-state={offlineReady}>
          {t(
            offlineReady === 'ready'
              ? 'station.offlineReady'
              : offlineReady === 'installing'
                ? 'station.offlineInstalling'
                : 'station.offlineUnsupported',
          )}
        </span>
      </Space>
      {status.conflicts > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('station.conflicts', { count: status.conflicts })}
          data-testid="station-conflicts"
        />
      )}
      {status.held > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('station.held', { count: status.held })}
          action={
            <Button size="small" onClick={onRetryHeld} data-testid="station-held-retry">
              {t('station.retryHeld')}
            </Button>
          }
          data-testid="station-held"
        />
      )}
      {status.needsLogin && (
        <Alert
          type="error"
          showIcon
          title={t('station.needsLogin')}
          action={
            <Button size="small" onClick={() => void navigate(loginPathWithRedirect(STATION_PATH))}>
              {t('station.login')}
            </Button>
          }
        />
      )}
    </div>
  );
}

/**
 * What this station admitted and let out while its scans wait to go up: the server's figures above
 * cannot count them yet (issue 39).
 */
function PendingFiguresCard({ status }: { status: DoorStatus | null }) {
  const { t } = useTranslation();
  const pending = status?.pending;
  if (!pending || pending.entries + pending.exits === 0) return null;
  return (
    <Card size="small" title={t('station.pending.title')} data-testid="station-pending">
      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}>
          <Statistic
            title={t('station.pending.entries')}
            value={pending.entries}
            data-testid="station-pending-in"
            data-count={pending.entries}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={t('station.pending.exits')}
            value={pending.exits}
            data-testid="station-pending-out"
            data-count={pending.exits}
          />
        </Col>
      </Row>
    </Card>
  );
}

/**
 * The door station (issue 17): an installable page that opens and judges scans with no network.
 * It runs from what this device keeps — the station's settings, the copy of its scope, the queue —
 * so it needs no back-office session to open; the uploads do.
 */
export default function StationPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [settings, setSettings] = useState<StationSettings>(readStation);
  const [kiosk, setKiosk] = useState(isKioskLocked);
  const [kioskSetup, setKioskSetup] = useState(false);
  const [walkIn, setWalkIn] = useState(false);
  // Walk-ins are for holders of guest:walk_in (the server checks it too).
  const mayWalkIn = usePermission().hasAny('guest:walk_in');

  useEffect(() => {
    void registerStationWorker();
  }, []);

  const scope = useMemo<DoorScope | null>(
    () =>
      settings.meetingId === null
        ? null
        : { meetingId: settings.meetingId, scheduleId: settings.scheduleId, station: settings.name, kiosk },
    [settings.meetingId, settings.scheduleId, settings.name, kiosk],
  );
  const { station, status, failed } = useDoorStation(scope);

  const changeDirection = useCallback((direction: ScanDirection) => {
    setSettings((current) => {
      const next = { ...current, direction };
      writeStation(next);
      return next;
    });
  }, []);

  const scan = useCallback(
    async (code: string, direction: ScanDirection) => {
      if (!station) throw new Error('station not ready');
      return station.scan(code, direction, i18n.language);
    },
    [station, i18n.language],
  );

  const saveAnswers = useCallback(
    async (answer: DoorAnswer, answers: Answers) => {
      if (!station) throw new Error('station not ready');
      return station.saveAnswers(answer, answers);
    },
    [station],
  );

  if (!scope) {
    return (
      <main className="station-empty">
        <Result
          status="info"
          title={t('station.notSetUp')}
          extra={
            <Button type="primary" onClick={() => void navigate(RECORDS_PATH)}>
              {t('station.setUp')}
            </Button>
          }
        />
      </main>
    );
  }

  if (failed) {
    return (
      <main className="station-empty">
        <Result status="error" title={t('station.storageFailed')} />
      </main>
    );
  }

  // A locked kiosk shows the kiosk or nothing: never the operator's screen, not even while loading.
  if (kiosk) {
    return station ? (
      <Suspense fallback={null}>
        <KioskScreen station={station} status={status} onUnlocked={() => setKiosk(false)} />
      </Suspense>
    ) : (
      <main className="station-empty" aria-busy="true" />
    );
  }

  return (
    <>
      <ScanScreen
        scope={{
          meetingId: scope.meetingId,
          meetingName: status?.meetingNames?.[i18n.language as Language] ?? status?.meetingName ?? '',
          scheduleId: scope.scheduleId,
          scheduleName: status?.scheduleName ?? null,
          station: scope.station,
        }}
        direction={settings.direction}
        onDirectionChange={changeDirection}
        onExit={() => void navigate(RECORDS_PATH)}
        scan={scan}
        saveAnswers={saveAnswers}
        status={<StationStatusBar status={status} onRetryHeld={() => void station?.retryHeld()} />}
        figures={<PendingFiguresCard status={status} />}
        actions={
          <>
            {mayWalkIn && (
              <Button
                icon={<UserAddOutlined />}
                onClick={() => setWalkIn(true)}
                disabled={!station}
                data-testid="walk-in-open"
              >
                {t('station.walkIn.open')}
              </Button>
            )}
            <Button icon={<TabletOutlined />} onClick={() => setKioskSetup(true)} data-testid="kiosk-open">
              {t('station.kiosk.enter')}
            </Button>
          </>
        }
      />
      {walkIn && mayWalkIn && station && (
        <Suspense fallback={null}>
          <WalkInDialog station={station} onClose={() => setWalkIn(false)} />
        </Suspense>
      )}
      {kioskSetup && (
        <Suspense fallback={null}>
          <KioskSetupDialog
            onLocked={() => {
              setKioskSetup(false);
              setKiosk(true);
            }}
            onCancel={() => setKioskSetup(false)}
          />
        </Suspense>
      )}
    </>
  );
}
