import { InputNumber, Space } from 'antd';
import { useTranslation } from '../../../lib/i18n.ts';
import { joinMinutes, splitMinutes } from '../certificate-logic.ts';

/** A time in whole minutes, typed as hours and minutes (minutes over 59 carry into the hours). */
export function MinutesInput(props: {
  value?: number;
  onChange?: (minutes: number) => void;
  id?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  const { hours, minutes } = splitMinutes(props.value ?? 0);
  return (
    <Space.Compact data-testid={props['data-testid']}>
      <InputNumber
        id={props.id}
        min={0}
        max={1666}
        precision={0}
        value={hours}
        onChange={(h) => props.onChange?.(joinMinutes(h, minutes))}
        suffix={t('certificates.rule.hours')}
        aria-label={`${t('certificates.rule.minMinutes')} (${t('certificates.rule.hours')})`}
        style={{ width: 130 }}
        data-testid="certificate-min-hours"
      />
      <InputNumber
        min={0}
        max={99_999}
        precision={0}
        value={minutes}
        onChange={(m) => props.onChange?.(joinMinutes(hours, m))}
        suffix={t('certificates.rule.minutes')}
        aria-label={`${t('certificates.rule.minMinutes')} (${t('certificates.rule.minutes')})`}
        style={{ width: 130 }}
        data-testid="certificate-min-minutes"
      />
    </Space.Compact>
  );
}
