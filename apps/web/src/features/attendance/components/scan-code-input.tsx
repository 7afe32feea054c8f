import { memo, useState, type Ref } from 'react';
import { Input, type InputRef } from 'antd';
import { useTranslation } from '../../../lib/i18n.ts';
import { EMPTY_SCAN_KEYS, isCharacterKey, pressKey, typedText, type ScanKeyState } from '../scan-keys.ts';

/**
 * The code field, with its own state: a scanner gun types 30-odd keys in a burst, and re-rendering
 * the whole screen (statistics, recent scans) for each one kept a slow tablet's Enter waiting over a
 * second behind them.
 */
export const ScanCodeInput = memo(function ScanCodeInput({
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
