import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { Button, Input, Segmented, Space, Tag, Typography, type InputRef } from 'antd';
import { CameraOutlined, CloseOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import { markActivity } from '../../../lib/session/activity.ts';
import { usePermission } from '../../../components/permission.tsx';
import type { DoorAnswer } from '../offline/door-station.ts';
import { PopupBlockedError, PRINT_BADGE_KEY, printableGuest, printBadge } from '../badge-print.ts';
import {
  EMPTY_SCAN_KEYS,
  acceptsUnfocusedSubmit,
  isCharacterKey,
  pressKey,
  typedText,
  type ScanKeyState,
} from '../scan-keys.ts';
import { feedbackForAnswer, feedbackForError, TONE_COLORS, type ScanFeedback } from '../scan-result.ts';
import { nextDirection, SCAN_DIRECTIONS, type ScanDirection } from '../scan-station.ts';
import { playTone } from '../scan-tone.ts';
import { StatsPanel } from '../../../components/stats-panel.tsx';
import './scan-screen.css';
import '../i18n.ts';

// The camera code (and the QR reader's WebAssembly behind it) loads only when the camera is opened.
const CameraScanner = lazy(() => import('./camera-scanner.tsx').then((m) => ({ default: m.CameraScanner })));

const RECENT_LIMIT = 6;

export interface ScanScope {
  meetingId: number;
  meetingName: string;
  scheduleId: number | null;
  scheduleName: string | null;
  station: string;
}

/**
 * The code field, with its own state: a scanner gun types 30-odd keys in a burst, and re-rendering
 * the whole screen (statistics, recent scans) for each one kept a slow tablet's Enter waiting over a
 * second behind them.
 */
const ScanCodeInput = memo(function ScanCodeInput({
  ref,
  pending,
  onSubmit,
  onBlur,
}: {
  ref: Ref<InputRef>;
  pending: boolean;
  onSubmit: (code: string) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  const [keys, setKeys] = useState<ScanKeyState>(EMPTY_SCAN_KEYS);

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (isCharacterKey(event) || event.key === 'Enter' || event.key === 'Escape') {
      event.preventDefault();
      const result = pressKey(keys, event.key, event.timeStamp);
      setKeys(result.state);
      if (result.submitted) onSubmit(result.submitted.code);
    }
  }

  return (
    <Input
      ref={ref}
      size="large"
      className="scan-input"
      value={keys.text}
      onChange={(event) => setKeys(typedText(event.target.value, performance.now()))}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      placeholder={t('attendance.scanInput')}
      aria-label={t('attendance.scanInput')}
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="off"
      spellCheck={false}
      enterKeyHint="send"
      // Always a suffix: adding or removing one re-mounts the input and would lose the focus.
      suffix={<span className="scan-pending">{pending ? t('attendance.sending') : ''}</span>}
      data-testid="scan-input"
    />
  );
});

/** The last scan as shown, with the guest the server identified (for their badge). */
type ShownScan = ScanFeedback & { guestId: number | null };

/** The browser's own idea of the network, following its online and offline events. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** Where the badge of the scan shown stands; `scan` ties it to that scan (`at`), so the next scan starts afresh. */
type BadgeState =
  | { scan: number; status: 'busy' | 'opened' | 'blocked' }
  | { scan: number; status: 'failed'; message: string };

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The door station's scan mode, full screen. The code field keeps focus (after every answer and
 * whenever it loses it), a scanner burst arriving while focus is elsewhere is still taken, and each
 * scan answers with colour, sound and the guest's name.
 */
export function ScanScreen(props: {
  scope: ScanScope;
  direction: ScanDirection;
  onDirectionChange: (direction: ScanDirection) => void;
  onExit: () => void;
  /** Judges one scan: the server while it answers, the station's copy otherwise. */
  scan: (code: string, direction: ScanDirection) => Promise<DoorAnswer>;
  /** The station's connection, queue and offline readiness. */
  status?: ReactNode;
  /** The station's own figures, beside the server's (what it admitted offline). */
  figures?: ReactNode;
  /** More buttons in the header (the kiosk switch). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { scope, direction, onDirectionChange, scan: scanCode } = props;
  const input = useRef<InputRef>(null);
  const [pending, setPending] = useState(0);
  const [latest, setLatest] = useState<ShownScan | null>(null);
  const [recent, setRecent] = useState<ScanFeedback[]>([]);
  const [camera, setCamera] = useState(false);
  // Keys typed while the field was not focused, kept apart so they cannot mix with the field's text.
  const strayKeys = useRef<ScanKeyState>(EMPTY_SCAN_KEYS);
  const online = useOnline();
  const { hasAny } = usePermission();
  // Door staff print one guest's badge (records:scan); organisers may too.
  const badgeGuest = printableGuest(latest, {
    online,
    allowed: hasAny(['records:scan', 'certificate:manage']),
  });
  const [badge, setBadge] = useState<BadgeState | null>(null);
  const badgeFor = latest && badge?.scan === latest.at ? badge : null;

  const focusInput = useCallback(() => input.current?.focus({ preventScroll: true }), []);

  const submit = useCallback(
    async (code: string) => {
      // A station that only scans is in use: it must not be logged out for want of clicks.
      markActivity();
      setPending((n) => n + 1);
      let feedback: ShownScan;
      try {
        const answer = await scanCode(code, direction);
        // A refused guest (cancelled, not enrolled) gets no badge from the door.
        feedback = {
          ...feedbackForAnswer(answer, code),
          guestId: answer.result === 'refused' ? null : (answer.guest?.id ?? null),
        };
      } catch (error) {
        feedback = { ...feedbackForError(error, code, Date.now()), guestId: null };
      } finally {
        setPending((n) => n - 1);
      }
      playTone(feedback.tone);
      setLatest(feedback);
      setRecent((list) => [feedback, ...list].slice(0, RECENT_LIMIT));
      focusInput();
    },
    [scanCode, direction, focusInput],
  );

  // The shortcut reads the guest of the moment without re-registering the key listener.
  const printRef = useRef<() => void>(() => undefined);
  const print = useCallback(async () => {
    if (badgeGuest === null || !latest || badgeFor?.status === 'busy') return;
    const scan = latest.at;
    setBadge({ scan, status: 'busy' });
    try {
      const outcome = await printBadge(scope.meetingId, badgeGuest);
      setBadge(outcome === 'tab' ? { scan, status: 'opened' } : null);
    } catch (error) {
      setBadge(
        error instanceof PopupBlockedError
          ? { scan, status: 'blocked' }
          : { scan, status: 'failed', message: error instanceof Error ? error.message : '' },
      );
    }
    focusInput();
  }, [badgeGuest, latest, badgeFor?.status, scope.meetingId, focusInput]);
  useEffect(() => {
    printRef.current = () => void print();
  }, [print]);

  // Focus on open; F2 toggles the direction; a scanner burst typed while focus is elsewhere still counts.
  useEffect(() => {
    focusInput();
    const onKey = (event: KeyboardEvent) => {
      // Every key on the scan screen (a scanner gun types) counts as activity, like a click.
      markActivity();
      if (event.key === 'F2') {
        event.preventDefault();
        onDirectionChange(nextDirection(direction));
        return;
      }
      if (event.key === PRINT_BADGE_KEY) {
        event.preventDefault();
        printRef.current();
        return;
      }
      if (event.target === input.current?.input || isEditable(event.target)) return;
      if (!isCharacterKey(event) && event.key !== 'Enter') return;
      const result = pressKey(strayKeys.current, event.key, event.timeStamp);
      strayKeys.current = result.state;
      if (acceptsUnfocusedSubmit(result.submitted)) {
        event.preventDefault();
        void submit(result.submitted.code);
      }
      focusInput();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [direction, onDirectionChange, submit, focusInput]);

  // Refocus when the field loses focus, unless another field (the camera's none) took it on purpose.
  const onInputBlur = useCallback(() => {
    setTimeout(() => {
      if (!isEditable(document.activeElement)) focusInput();
    }, 0);
  }, [focusInput]);

  const colors = latest ? TONE_COLORS[latest.tone] : null;
  const scopeLabel = scope.scheduleName ?? t('attendance.wholeMeeting');

  return (
    <main className="scan-screen" aria-label={t('attendance.startScan')} data-testid="scan-screen">
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
              onDirectionChange(value);
              focusInput();
            }}
            options={SCAN_DIRECTIONS.map((d) => ({
              value: d,
              label: <span data-testid={`scan-direction-${d}`}>{t(`attendance.directions.${d}`)}</span>,
            }))}
            data-testid="scan-direction"
          />
          <Button
            icon={<CameraOutlined />}
            onClick={() => setCamera((open) => !open)}
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

      {props.status}
      <div className="scan-screen-body">
        <section
          className="scan-result"
          style={colors ? { background: colors.background, borderColor: colors.border } : undefined}
          data-testid="scan-result"
          data-tone={latest?.tone ?? 'idle'}
          aria-live="assertive"
        >
          {latest ? (
            <>
              <div
                className="scan-result-headline"
                style={{ color: colors?.text }}
                data-testid="scan-result-headline"
              >
                {t(latest.headlineKey)}
                {latest.type && (
                  <span className="scan-result-type"> · {t(`attendance.directions.${latest.type}`)}</span>
                )}
                {latest.offline && (
                  <Tag color="orange" className="scan-result-offline" data-testid="scan-result-offline">
                    {t('station.judgedOffline')}
                  </Tag>
                )}
              </div>
              {latest.guestName && (
                <div className="scan-result-name" data-testid="scan-result-name">
                  {latest.guestName}
                </div>
              )}
              {latest.userType && <div className="scan-result-detail">{latest.userType}</div>}
              {latest.reason && (
                <div className="scan-result-detail" data-testid="scan-result-reason">
                  {latest.reason}
                </div>
              )}
              {latest.noteKey && <div className="scan-result-detail">{t(latest.noteKey)}</div>}
              {latest.previousAt !== null && (
                <div className="scan-result-detail">
                  {t('attendance.earlier', { time: formatDateTime(latest.previousAt) })}
                </div>
              )}
              {badgeGuest !== null && (
                <div className="scan-result-detail" style={{ marginTop: 6 }}>
                  <Button
                    icon={<PrinterOutlined />}
                    loading={badgeFor?.status === 'busy'}
                    // The code field keeps the focus: a click must not take it, nor the next scan's Enter.
                    tabIndex={-1}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => void print()}
                    aria-keyshortcuts={PRINT_BADGE_KEY}
                    data-testid="scan-print-badge"
                  >
                    {`${t(badgeFor?.status === 'busy' ? 'attendance.badge.printing' : 'attendance.badge.print')} (${PRINT_BADGE_KEY})`}
                  </Button>
                  {badgeFor && badgeFor.status !== 'busy' && (
                    <div data-testid="scan-print-badge-note">
                      {badgeFor.status === 'failed'
                        ? badgeFor.message || t('attendance.badge.failed')
                        : t(`attendance.badge.${badgeFor.status}`)}
                    </div>
                  )}
                </div>
              )}
            </>
          ) : (
            <div className="scan-result-idle">{t('attendance.waiting')}</div>
          )}
        </section>

        <ScanCodeInput ref={input} pending={pending > 0} onSubmit={submit} onBlur={onInputBlur} />
        <Typography.Text type="secondary" className="scan-hint">
          {t('attendance.scanHint')}
        </Typography.Text>

        {camera && (
          <Suspense fallback={null}>
            <CameraScanner onCode={(code) => void submit(code)} />
          </Suspense>
        )}

        <StatsPanel meetingId={scope.meetingId} scheduleId={scope.scheduleId} keepSession />
        {props.figures}

        {recent.length > 0 && (
          <section className="scan-recent" aria-label={t('attendance.recent')}>
            <Typography.Text type="secondary">{t('attendance.recent')}</Typography.Text>
            <ol data-testid="scan-recent">
              {recent.map((item, index) => (
                <li key={`${item.at}-${index}`} style={{ borderLeftColor: TONE_COLORS[item.tone].border }}>
                  <span>{dayjs(item.at).format('HH:mm:ss')}</span>
                  <span className="scan-recent-name">{item.guestName ?? item.code}</span>
                  <span>
                    {item.offline && <Tag color="orange">{t('station.offline')}</Tag>} {t(item.headlineKey)}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
    </main>
  );
}
