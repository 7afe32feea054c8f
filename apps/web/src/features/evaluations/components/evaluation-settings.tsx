import { Form, Input, InputNumber, Radio, Switch, Typography } from 'antd';
import { EVALUATION_STATES, type EvaluationState } from '@meetflow/shared/schemas/evaluations';
import { errorProps, LocalizedInputs } from '../../../components/localized-inputs.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { EvaluationBuilderState } from '../use-evaluation-builder.ts';

/**
 * The evaluation's own settings: its title and introduction in three languages, who sees the
 * answers (anonymous, fixed once anyone answered), the quiz's pass mark, the reminder, the last
 * day and the state.
 */
export function EvaluationSettingsForm({
  builder,
  canEdit,
}: {
  builder: EvaluationBuilderState;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const { draft, base, errors } = builder;
  if (!draft || !base) return null;
  const { settings } = draft;
  const answered = base.counts.completed > 0 || base.answered_keys.length > 0;
  const setText = (what: 'title' | 'intro') => (lang: 'zh-tw' | 'zh-cn' | 'en', value: string) =>
    builder.setSetting(what, { ...settings[what], [lang]: value }, `${what}.${lang}`);

  return (
    <Form layout="vertical" component="div" disabled={!canEdit} className="mf-eval-settings">
      <Typography.Title level={3} className="mf-eval-section">
        {t('evaluations.builder.settings')}
      </Typography.Title>
      <LocalizedInputs
        prefix="evaluation-title"
        what={t('evaluations.builder.title')}
        value={settings.title}
        onChange={setText('title')}
        errors={errors.settings}
        place="title"
        required
      />
      <LocalizedInputs
        prefix="evaluation-intro"
        what={t('evaluations.builder.intro')}
        value={settings.intro}
        onChange={setText('intro')}
        errors={errors.settings}
        place="intro"
        multiline
      />
      <div className="mf-eval-grid">
        <Form.Item
          label={t('evaluations.builder.anonymous')}
          htmlFor="evaluation-anonymous"
          extra={t(answered ? 'evaluations.builder.anonymousFixed' : 'evaluations.builder.anonymousHelp')}
          {...errorProps(errors.settings, 'anonymous')}
        >
          <Switch
            id="evaluation-anonymous"
            checked={settings.anonymous}
            disabled={!canEdit || answered}
            onChange={(on) => builder.setSetting('anonymous', on)}
            data-testid="evaluation-anonymous"
          />
        </Form.Item>
        <Form.Item
          label={t('evaluations.builder.state')}
          extra={t(`evaluations.builder.stateHelp.${settings.state}`)}
          {...errorProps(errors.settings, 'state')}
        >
          <Radio.Group
            optionType="button"
            value={settings.state}
            onChange={(e) => builder.setSetting('state', e.target.value as EvaluationState)}
            options={EVALUATION_STATES.map((state) => ({
              value: state,
              label: t(`evaluations.states.${state}`),
            }))}
            aria-label={t('evaluations.builder.state')}
            data-testid="evaluation-state-choice"
          />
        </Form.Item>
        <Form.Item
          label={t('evaluations.builder.passMark')}
          htmlFor="evaluation-pass-mark"
          extra={t('evaluations.builder.passMarkHelp')}
          {...errorProps(errors.settings, 'pass_mark')}
        >
          <InputNumber
            id="evaluation-pass-mark"
            min={1}
            max={100}
            precision={0}
            suffix="%"
            placeholder={t('evaluations.builder.noPassMark')}
            value={settings.pass_mark}
            onChange={(v) => builder.setSetting('pass_mark', typeof v === 'number' ? v : null)}
            style={{ width: 180 }}
            data-testid="evaluation-pass-mark"
          />
        </Form.Item>
        <Form.Item
          label={t('evaluations.builder.remind')}
          htmlFor="evaluation-remind"
          extra={t('evaluations.builder.remindHelp')}
          {...errorProps(errors.settings, 'remind_after_days')}
        >
          <InputNumber
            id="evaluation-remind"
            min={0}
            max={60}
            precision={0}
            suffix={t('evaluations.builder.days')}
            value={settings.remind_after_days}
            onChange={(v) => builder.setSetting('remind_after_days', typeof v === 'number' ? v : 0)}
            style={{ width: 180 }}
            data-testid="evaluation-remind"
          />
        </Form.Item>
        <Form.Item
          label={t('evaluations.builder.closesOn')}
          htmlFor="evaluation-closes-on"
          extra={t('evaluations.builder.closesOnHelp')}
          {...errorProps(errors.settings, 'closes_on')}
        >
          <Input
            id="evaluation-closes-on"
            type="date"
            value={settings.closes_on ?? ''}
            onChange={(e) => builder.setSetting('closes_on', e.target.value || null)}
            style={{ width: 180 }}
            data-testid="evaluation-closes-on"
          />
        </Form.Item>
      </div>
    </Form>
  );
}
