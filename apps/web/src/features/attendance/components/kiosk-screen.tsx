import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { Language } from '@meetflow/shared/languages';
import { useTranslation } from '../../../lib/i18n.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import { markActivity } from '../../../lib/session/activity.ts';
import { kioskLock, noteWrongPin, unlockKiosk } from '../../../lib/station-lock.ts';
import { pinMatches, pinWaitMs, PIN_PATTERN } from '../kiosk-pin.ts';
import type { DoorAnswer, DoorStation, DoorStatus } from '../offline/door-station.ts';
import { EMPTY_SCAN_KEYS, acceptsUnfocusedSubmit, isCharacterKey, pressKey } from '../scan-keys.ts';
import { playTone } from '../scan-tone.ts';
import { DoorQuestionsForm } from './door-questions-form.tsx';
import { KioskFooter, KioskHeader } from './kiosk-frame.tsx';
import { KioskPhoneForm, type KioskPhone } from './kiosk-phone-form.tsx';
import './kiosk-screen.css';
import '../station-i18n.ts';

const CameraScanner = lazy(() => import('./camera-scanner.tsx').then((m) => ({ default: m.CameraScanner })));

/** How long an answer stays before the kiosk greets the next guest. */
export const KIOSK_RESULT_MS = 6000;
/** How long the door's questions wait for a guest who walked away before the kiosk starts over. */
export const KIOSK_QUESTIONS_MS = 120_000;

type Outcome = { kind: 'answer'; answer: DoorAnswer } | { kind: 'notFound' } | { kind: 'phoneOff' };
type View = 'start' | 'phone' | 'result';

/** The big answer a guest sees: a green welcome, a yellow "already", or a red "ask the staff". */
function OutcomeView({
  outcome,
  seconds,
  onDone,
  questions,
  thanks,
}: {
  outcome: Outcome;
  seconds: number;
  onDone: () => void;
  /** The guest's open door questions, in place of the way back to the start until answered. */
  questions?: ReactNode;
  /** The guest has just answered them. */
  thanks?: boolean;
}) {
  const { t } = useTranslation();
  const answer = outcome.kind === 'answer' ? outcome.answer : null;
  const tone = answer ? answer.result : 'refused';
  const Icon =
    tone === 'success'
      ? CheckCircleFilled
      : tone === 'duplicate'
        ? ExclamationCircleFilled
        : CloseCircleFilled;
  const name = answer?.guest?.name;
  return (
    <section
      className={`kiosk-outcome kiosk-outcome-${tone}`}
      data-testid="kiosk-result"
      data-tone={tone}
      aria-live="assertive"
    >
      <Icon className="kiosk-outcome-icon" aria-hidden />
      <h1 className="kiosk-outcome-title">
        {t(
          tone === 'success'
            ? 'station.kiosk.success'
            : tone === 'duplicate'
              ? 'station.kiosk.duplicate'
              : 'station.kiosk.refused',
        )}
      </h1>
      {name && tone !== 'refused' && (
        <p className="kiosk-outcome-name" data-testid="kiosk-result-name">
          {t('station.kiosk.welcome', { name })}
        </p>
      )}
      {answer?.result === 'duplicate' && answer.previous_at !== null && (
        <p>{t('station.kiosk.duplicateAt', { time: dayjs(answer.previous_at).format('HH:mm') })}</p>
      )}
      {thanks && <p data-testid="kiosk-thanks">{t('doorQuestions.thanks')}</p>}
      {outcome.kind === 'notFound' && <p>{t('station.kiosk.notFound')}</p>}
      {outcome.kind === 'phoneOff' && <p>{t('station.kiosk.phoneOff')}</p>}
      {tone === 'refused' && (
        <p>
          {answer?.reasonKey ? `${t(answer.reasonKey)} ` : answer?.reason ? `${answer.reason} ` : ''}
          {t('station.kiosk.askStaff')}
        </p>
      )}
      {questions ?? (
        <>
          <Button
            size="large"
            type="primary"
            className="kiosk-done"
            onClick={onDone}
            data-testid="kiosk-done"
            autoFocus
          >
            {t('station.kiosk.done')}
          </Button>
          <p className="kiosk-countdown">{t('station.kiosk.returning', { seconds })}</p>
        </>
      )}
    </section>
  );
}

/** The operator's way out: the PIN, with a growing wait after wrong tries. */
function UnlockDialog({ onUnlocked, onCancel }: { onUnlocked: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function tryPin() {
    // The wait lives with the lock: closing the dialog or reloading the page does not reset it.
    const wait = (kioskLock()?.waitUntil ?? 0) - Date.now();
    if (wait > 0) {
      setError(t('station.kiosk.tooMany', { seconds: Math.ceil(wait / 1000) }));
      return;
    }
    if (PIN_PATTERN.test(pin) && (await pinMatches(pin))) {
      unlockKiosk();
      onUnlocked();
      return;
    }
    noteWrongPin(Date.now(), pinWaitMs);
    setPin('');
    setError(t('station.kiosk.wrongPin'));
  }

  return (
    <Modal
      open
      title={t('station.kiosk.exitTitle')}
      okText={t('station.kiosk.exit')}
      cancelText={t('station.kiosk.cancel')}
      onOk={() => void tryPin()}
      onCancel={onCancel}
      okButtonProps={{ 'data-testid': 'kiosk-unlock' }}
      destroyOnHidden
    >
      <Input.Password
        value={pin}
        onChange={(event) => setPin(event.target.value.replace(/\D/g, '').slice(0, 8))}
        onPressEnter={() => void tryPin()}
        inputMode="numeric"
        autoComplete="off"
        aria-label={t('station.kiosk.pin')}
        data-testid="kiosk-unlock-pin"
        autoFocus
      />
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          style={{ marginTop: 12 }}
          data-testid="kiosk-unlock-error"
        />
      )}
    </Modal>
  );
}

/**
 * Self check-in at the entrance (issue 17): a guest shows their QR code to the camera (a scanner gun
 * works too) or types their phone number where the meeting allows it, sees a large answer in their
 * language, and the kiosk returns to its start. Only the operator's PIN leaves it. It works offline
 * like any station: the answers come from the same engine.
 */
export default function KioskScreen(props: {
  station: DoorStation;
  status: DoorStatus | null;
  onUnlocked: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { station, status } = props;
  const [view, setView] = useState<View>('start');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [unlocking, setUnlocking] = useState(false);
  const [busy, setBusy] = useState(false);
  // A checked-in guest's open door questions (issue 42): the guest answers them here, or skips.
  const [asking, setAsking] = useState<DoorAnswer | null>(null);
  const [thanks, setThanks] = useState(false);
  const [form] = Form.useForm<KioskPhone>();
  const keys = useRef(EMPTY_SCAN_KEYS);

  const show = useCallback((next: Outcome) => {
    playTone(next.kind === 'answer' ? next.answer.result : 'refused');
    const answer = next.kind === 'answer' ? next.answer : null;
    setAsking(answer?.result === 'success' && answer.door_fields.length > 0 ? answer : null);
    setThanks(false);
    setOutcome(next);
    setView('result');
    setSeconds(Math.round(KIOSK_RESULT_MS / 1000));
  }, []);

  const reset = useCallback(() => {
    setAsking(null);
    setThanks(false);
    setOutcome(null);
    setView('start');
    form.resetFields();
  }, [form]);

  const checkInCode = useCallback(
    async (code: string) => {
      if (busy || view === 'result') return;
      markActivity();
      setBusy(true);
      try {
        show({ kind: 'answer', answer: await station.scan(code, 'in', i18n.language) });
      } catch {
        show({ kind: 'notFound' });
      } finally {
        setBusy(false);
      }
    },
    [busy, view, station, i18n.language, show],
  );

  // The answer counts down to the start screen; the questions wait longer, for a guest who left.
  useEffect(() => {
    if (!asking) return;
    const timer = setTimeout(reset, KIOSK_QUESTIONS_MS);
    return () => clearTimeout(timer);
  }, [asking, reset]);
  useEffect(() => {
    if (view !== 'result' || asking) return;
    const timer = setTimeout(() => (seconds <= 1 ? reset() : setSeconds(seconds - 1)), 1000);
    return () => clearTimeout(timer);
  }, [view, seconds, reset, asking]);

  // A scanner gun types the code and Enter, wherever the focus is (not into the phone form).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (view === 'phone' || unlocking || asking) return;
      if (!isCharacterKey(event) && event.key !== 'Enter') return;
      const result = pressKey(keys.current, event.key, event.timeStamp);
      keys.current = result.state;
      if (acceptsUnfocusedSubmit(result.submitted)) {
        event.preventDefault();
        void checkInCode(result.submitted.code);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [view, unlocking, checkInCode, asking]);

  async function checkInPhone({ area_code, phone }: KioskPhone) {
    if (!status?.phoneLookup) {
      show({ kind: 'phoneOff' });
      return;
    }
    markActivity();
    setBusy(true);
    try {
      const answer = await station.checkInByPhone(area_code, phone, i18n.language);
      if (answer === 'invalid') {
        form.setFields([{ name: 'phone', errors: [t('station.kiosk.phoneInvalid')] }]);
        return;
      }
      show(answer.guest ? { kind: 'answer', answer } : { kind: 'notFound' });
    } finally {
      setBusy(false);
    }
  }

  const lang = i18n.language as Language;
  return (
    <main className="kiosk" data-testid="kiosk" aria-label={t('station.kiosk.enter')}>
      <KioskHeader meetingName={status?.meetingNames?.[lang] ?? status?.meetingName} />

      <div className="kiosk-body">
        {view === 'result' && outcome && (
          <OutcomeView
            outcome={outcome}
            seconds={seconds}
            onDone={reset}
            thanks={thanks}
            questions={
              asking ? (
                <DoorQuestionsForm
                  key={asking.nonce}
                  questions={asking.door_fields}
                  lang={lang}
                  audience="guest"
                  onSave={(answers) => station.saveAnswers(asking, answers)}
                  onSaved={() => {
                    setAsking(null);
                    setThanks(true);
                    setSeconds(Math.round(KIOSK_RESULT_MS / 1000));
                  }}
                  onSkip={() => {
                    setAsking(null);
                    setSeconds(Math.round(KIOSK_RESULT_MS / 1000));
                  }}
                />
              ) : undefined
            }
          />
        )}

        {view === 'start' && (
          <section className="kiosk-start" data-testid="kiosk-start">
            <h1 className="kiosk-title">{t('station.kiosk.title')}</h1>
            <p className="kiosk-lead">{t('station.kiosk.showCode')}</p>
            <Suspense fallback={null}>
              <CameraScanner onCode={(code) => void checkInCode(code)} />
            </Suspense>
            <Button size="large" onClick={() => setView('phone')} data-testid="kiosk-phone-open">
              {t('station.kiosk.orPhone')}
            </Button>
          </section>
        )}

        {view === 'phone' && (
          <KioskPhoneForm
            form={form}
            busy={busy}
            onCheckIn={(values) => void checkInPhone(values)}
            onBack={reset}
          />
        )}
      </div>

      <KioskFooter status={status} onStaff={() => setUnlocking(true)} />

      {unlocking && <UnlockDialog onUnlocked={props.onUnlocked} onCancel={() => setUnlocking(false)} />}
    </main>
  );
}
