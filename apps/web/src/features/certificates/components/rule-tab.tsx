import { useState } from 'react';
import { Alert, Button, Empty, Form, InputNumber, Select, Spin, Switch, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { nameIn, type Language } from '@meetflow/shared/languages';
import type { Schedule } from '@meetflow/shared/schemas/dictionary';
import { currentLanguage, useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { evaluationsLink } from '../../../lib/evaluations.ts';
import { sessionOptions, useSessionChoices } from '../../../lib/meeting-options.ts';
import { LoadError } from '../../../components/load-error.tsx';
import {
  useCertificateSettings,
  useSaveCertificateSettings,
  type CertificateSettings,
} from '../certificates-api.ts';
import {
  formFieldErrors,
  ruleFormValues,
  ruleFromForm,
  settingsInput,
  type RuleFormValues,
} from '../certificate-logic.ts';
import { MinutesInput } from './minutes-input.tsx';

/** The attendance rule, the credits and the guests' own download, saved together with the saved template. */
export function RuleTab({ meetingId }: { meetingId: number }) {
  const settings = useCertificateSettings(meetingId);
  if (settings.isError)
    return (
      <LoadError
        reason={settings.error.message}
        retrying={settings.isFetching}
        onRetry={() => void settings.refetch()}
      />
    );
  if (!settings.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return <RuleForm meetingId={meetingId} settings={settings.data} />;
}

function RuleForm({ meetingId, settings }: { meetingId: number; settings: CertificateSettings }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [form] = Form.useForm<RuleFormValues>();
  const sessions = useSessionChoices(meetingId);
  const save = useSaveCertificateSettings(meetingId);
  // The credits table has no field of its own for the server's message.
  const [creditsError, setCreditsError] = useState<string>();

  async function submit(values: RuleFormValues) {
    setCreditsError(undefined);
    try {
      await save.mutateAsync(settingsInput(ruleFromForm(values), settings.template, values.guest_download));
      toast.success(t('certificates.rule.saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const errors = formFieldErrors(error.data, 'rule');
      form.setFields(errors.filter((e) => e.name[0] !== 'session_credits') as never);
      setCreditsError(errors.find((e) => e.name[0] === 'session_credits')?.errors[0]);
    }
  }

  const noSessions = sessions.isSuccess && sessions.data.length === 0;

  return (
    <Form<RuleFormValues>
      form={form}
      layout="vertical"
      initialValues={ruleFormValues(settings)}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 760 }}
      data-testid="certificate-rule-form"
    >
      <Alert type="info" showIcon title={t('certificates.rule.intro')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="min_minutes"
        label={t('certificates.rule.minMinutes')}
        extra={t('certificates.rule.minMinutesHelp')}
      >
        <MinutesInput data-testid="certificate-min-time" />
      </Form.Item>
      <Form.Item
        name="required_session_ids"
        label={t('certificates.rule.requiredSessions')}
        // Said beside the box rather than as its placeholder: a disabled box greys its text below 4.5:1.
        extra={noSessions ? t('certificates.rule.noSessions') : undefined}
      >
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={sessions.isLoading}
          disabled={noSessions}
          status={sessions.isError ? 'error' : undefined}
          placeholder={
            sessions.isError
              ? t('certificates.rule.sessionsFailed')
              : noSessions
                ? undefined
                : t('certificates.rule.requiredSessionsPlaceholder')
          }
          options={sessionOptions(sessions.data)}
          data-testid="certificate-required-sessions"
        />
      </Form.Item>
      <Form.Item
        name="every_day"
        label={t('certificates.rule.everyDay')}
        extra={t('certificates.rule.everyDayHelp')}
        valuePropName="checked"
      >
        <Switch data-testid="certificate-every-day" />
      </Form.Item>
      <Form.Item name="session_min_minutes" label={t('certificates.rule.sessionMinMinutes')}>
        <InputNumber
          min={1}
          max={1440}
          precision={0}
          suffix={t('certificates.rule.minutes')}
          style={{ width: 160 }}
          data-testid="certificate-session-min"
        />
      </Form.Item>
      <Form.Item
        name="meeting_credits"
        label={t('certificates.rule.meetingCredits')}
        extra={t('certificates.rule.meetingCreditsHelp')}
      >
        <InputNumber
          min={0}
          max={1000}
          step={0.5}
          style={{ width: 160 }}
          data-testid="certificate-meeting-credits"
        />
      </Form.Item>
      <Form.Item
        label={t('certificates.rule.sessionCredits')}
        extra={t('certificates.rule.sessionCreditsHelp')}
        validateStatus={creditsError ? 'error' : undefined}
        help={creditsError}
      >
        <Table<Schedule>
          rowKey="id"
          size="small"
          pagination={false}
          loading={sessions.isLoading}
          dataSource={sessions.data ?? []}
          // Not the bare text, which the table greys below 4.5:1: the empty box says it legibly.
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('certificates.rule.noSessions')} />
            ),
          }}
          columns={creditColumns(t, lang)}
          data-testid="certificate-session-credits"
        />
      </Form.Item>
      <EvaluationSwitches meetingId={meetingId} />
      <Form.Item
        name="guest_download"
        label={t('certificates.rule.guestDownload')}
        extra={t('certificates.rule.guestDownloadHelp')}
        valuePropName="checked"
      >
        <Switch data-testid="certificate-guest-download" />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        icon={<SaveOutlined />}
        loading={save.isPending}
        data-testid="certificate-rule-save"
      >
        {t('certificates.rule.save')}
      </Button>
    </Form>
  );
}

/** The per-session credits table: session, date and the credits field of each. */
function creditColumns(t: TFunction, lang: Language): TableColumnsType<Schedule> {
  return [
    {
      key: 'name',
      title: t('certificates.rule.session'),
      render: (_, s) => nameIn(lang, s.name, s.name_cn, s.name_en),
    },
    {
      key: 'date',
      title: t('certificates.rule.date'),
      width: 170,
      render: (_, s) =>
        s.meeting_time ? `${s.date} ${s.meeting_time.start_time}–${s.meeting_time.end_time}` : s.date,
    },
    {
      key: 'credits',
      title: t('certificates.list.credits'),
      width: 140,
      render: (_, s) => (
        <Form.Item name={['session_credits', String(s.id)]} noStyle>
          <InputNumber
            min={0}
            max={1000}
            step={0.5}
            placeholder="0"
            aria-label={`${t('certificates.list.credits')}: ${nameIn(lang, s.name, s.name_cn, s.name_en)}`}
            data-testid={`certificate-session-credits-${s.id}`}
          />
        </Form.Item>
      ),
    },
  ];
}

/** The rule's evaluation conditions (issue 43), with the way to the meeting's evaluations. */
function EvaluationSwitches({ meetingId }: { meetingId: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="meeting_evaluation_required"
        label={t('certificates.rule.meetingEvaluation')}
        extra={
          <>
            {t('certificates.rule.meetingEvaluationHelp')}{' '}
            <Link
              to={evaluationsLink(meetingId)}
              // Underlined: told apart from the help text around it by more than its colour.
              style={{ textDecoration: 'underline' }}
              data-testid="certificate-evaluations-link"
            >
              {t('certificates.rule.evaluationsLink')}
            </Link>
          </>
        }
        valuePropName="checked"
      >
        <Switch data-testid="certificate-meeting-evaluation" />
      </Form.Item>
      <Form.Item
        name="session_evaluations_required"
        label={t('certificates.rule.sessionEvaluations')}
        extra={t('certificates.rule.sessionEvaluationsHelp')}
        valuePropName="checked"
      >
        <Switch data-testid="certificate-session-evaluations" />
      </Form.Item>
    </>
  );
}
