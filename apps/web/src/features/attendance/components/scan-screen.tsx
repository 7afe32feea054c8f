import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Typography, type InputRef } from 'antd';
import type { Answers } from '@meetflow/shared/forms/form-engine';
import type { Language } from '@meetflow/shared/languages';
import { useTranslation } from '../../../lib/i18n.ts';
import { markActivity } from '../../../lib/session/activity.ts';
import type { DoorAnswer, DoorAnswersSaved } from '../offline/door-station.ts';
import { PRINT_BADGE_KEY } from '../badge-print.ts';
import {
  EMPTY_SCAN_KEYS,
  acceptsUnfocusedSubmit,
  isCharacterKey,
  pressKey,
  type ScanKeyState,
} from '../scan-keys.ts';
import { feedbackForAnswer, feedbackForError, type ScanFeedback } from '../scan-result.ts';
import { nextDirection, type ScanDirection } from '../scan-station.ts';
import { playTone } from '../scan-tone.ts';
import { useDeskPayment } from './use-desk-payment.tsx';
import { useScanBadge, type ShownScan } from '../use-scan-badge.ts';
import { StatsPanel } from '../../../components/stats-panel.tsx';
import { DoorQuestionsForm } from './door-questions-form.tsx';
import { ScanCodeInput } from './scan-code-input.tsx';
import { ScanRecentList } from './scan-recent-list.tsx';
import { ScanResultPanel } from './scan-result-panel.tsx';
import { ScanScreenHeader } from './scan-screen-header.tsx';
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

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Keys pressed in the door's questions are the form's own (its buttons and options included). */
const inDoorQuestions = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[data-door-questions]') !== null;

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
  /** Keeps the answers to a checked-in guest's ask-at-door questions (online or queued). */
  saveAnswers?: (answer: DoorAnswer, answers: Answers) => Promise<DoorAnswersSaved>;
  /** The station's connection, queue and offline readiness. */
  status?: ReactNode;
  /** The station's own figures, beside the server's (what it admitted offline). */
  figures?: ReactNode;
  /** More buttons in the header (the kiosk switch). */
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { scope, direction, onDirectionChange, scan: scanCode, saveAnswers } = props;
  const input = useRef<InputRef>(null);
  const [pending, setPending] = useState(0);
  const [latest, setLatest] = useState<ShownScan | null>(null);
  const [recent, setRecent] = useState<ScanFeedback[]>([]);
  const [camera, setCamera] = useState(false);
  // The last check-in's open questions (issue 42), and what became of the answers given.
  const [asking, setAsking] = useState<DoorAnswer | null>(null);
  const [answered, setAnswered] = useState<'saved' | 'queued' | null>(null);
  // Keys typed while the field was not focused, kept apart so they cannot mix with the field's text.
  const strayKeys = useRef<ScanKeyState>(EMPTY_SCAN_KEYS);

  const focusInput = useCallback(() => input.current?.focus({ preventScroll: true }), []);

  const submit = useCallback(
    async (code: string) => {
      // A station that only scans is in use: it must not be logged out for want of clicks.
      markActivity();
      setPending((n) => n + 1);
      // The next scan leaves the last guest's questions unanswered.
      setAsking(null);
      setAnswered(null);
      let feedback: ShownScan;
      try {
        const answer = await scanCode(code, direction);
        if (answer.result === 'success' && answer.door_fields.length > 0 && saveAnswers) setAsking(answer);
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
    [scanCode, direction, focusInput, saveAnswers],
  );

  const closeQuestions = useCallback(
    (status: 'saved' | 'queued' | null) => {
      setAsking(null);
      setAnswered(status);
      focusInput();
    },
    [focusInput],
  );
  const { badgeGuest, badgeFor, print, printRef } = useScanBadge(latest, scope.meetingId, focusInput);
  // An unpaid guest's payment at the desk (issue 44): its dialog keeps the keys and the focus.
  const {
    openRef: deskOpen,
    onTakePayment,
    dialog: deskDialog,
  } = useDeskPayment(scope.meetingId, latest, submit, focusInput);

  // Focus on open; F2 toggles the direction; a scanner burst typed while focus is elsewhere still counts.
  useEffect(() => {
    focusInput();
    const onKey = (event: KeyboardEvent) => {
      // Every key on the scan screen (a scanner gun types) counts as activity, like a click.
      markActivity();
      if (deskOpen.current) return;
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
      if (inDoorQuestions(event.target)) return;
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
  }, [direction, onDirectionChange, submit, focusInput, printRef, deskOpen]);

  // Refocus when the field loses focus, unless another field (the camera's none) took it on purpose.
  const onInputBlur = useCallback(() => {
    setTimeout(() => {
      if (!deskOpen.current && !isEditable(document.activeElement)) focusInput();
    }, 0);
  }, [focusInput, deskOpen]);

  return (
    <main className="scan-screen" aria-label={t('attendance.startScan')} data-testid="scan-screen">
      <ScanScreenHeader
        scope={scope}
        direction={direction}
        onDirectionChange={onDirectionChange}
        onFocus={focusInput}
        camera={camera}
        onCameraToggle={() => setCamera((open) => !open)}
        actions={props.actions}
        onExit={props.onExit}
      />

      {props.status}
      <div className="scan-screen-body">
        <ScanResultPanel
          latest={latest}
          canPrint={badgeGuest !== null}
          badgeFor={badgeFor}
          onPrint={() => void print()}
          answered={answered}
          onTakePayment={onTakePayment}
        />
        {deskDialog}

        {asking && saveAnswers && (
          <DoorQuestionsForm
            key={asking.nonce}
            questions={asking.door_fields}
            lang={i18n.language as Language}
            audience="operator"
            guestName={asking.guest?.name}
            onSave={(answers) => saveAnswers(asking, answers)}
            onSaved={closeQuestions}
            onSkip={() => closeQuestions(null)}
          />
        )}

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

        {recent.length > 0 && <ScanRecentList recent={recent} />}
      </div>
    </main>
  );
}
