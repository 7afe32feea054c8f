import { Button, DatePicker, Flex, Form, Input, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import {
  LOG_ACTIONS,
  LOG_SOURCES,
  type LogAction,
  type LogSource,
} from '@meetflow/shared/schemas/system-log';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { dayjs } from '../../../lib/dayjs.ts';
import '../i18n.ts';

export interface FilterForm {
  action_type?: LogAction;
  source_type?: LogSource;
  username?: string;
  ip?: string;
  keyword?: string;
  range?: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null;
}

const EMPTY_FORM: FilterForm = {
  action_type: undefined,
  source_type: undefined,
  username: undefined,
  ip: undefined,
  keyword: undefined,
  range: null,
};

/** The range presets; they end "now" when picked, not when the page was opened. */
function rangePresets(t: TFunction) {
  return [
    { key: 'week', label: t('systemLog.presets.week'), value: () => [dayjs().subtract(1, 'week'), dayjs()] },
    {
      key: 'month',
      label: t('systemLog.presets.month'),
      value: () => [dayjs().subtract(1, 'month'), dayjs()],
    },
    {
      key: 'three-months',
      label: t('systemLog.presets.threeMonths'),
      value: () => [dayjs().subtract(3, 'month'), dayjs()],
    },
  ].map(({ key, label, value }) => ({
    label: <span data-testid={`log-preset-${key}`}>{label}</span>,
    value: value as () => [dayjs.Dayjs, dayjs.Dayjs],
  }));
}

interface Props {
  /** The filters of the URL the page opened with. */
  initialValues: FilterForm;
  /** Applies all the form's fields at once. */
  onApply: (values: FilterForm) => void;
}

/** The log's filters: action, source, user, IP, keyword and time range (with presets), search and reset. */
export function LogFilterForm({ initialValues, onApply }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterForm>();

  const presets = rangePresets(t);

  return (
    <Form<FilterForm>
      form={form}
      layout="inline"
      initialValues={initialValues}
      onFinish={onApply}
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      <Form.Item name="action_type">
        <Select
          allowClear
          placeholder={t('systemLog.actionType')}
          aria-label={t('systemLog.actionType')}
          style={{ width: 150 }}
          data-testid="log-filter-action"
          options={LOG_ACTIONS.map((a) => ({ value: a, label: t(`systemLog.actions.${a}`) }))}
          onChange={() => form.submit()}
        />
      </Form.Item>
      <Form.Item name="source_type">
        <Select
          allowClear
          placeholder={t('systemLog.sourceType')}
          aria-label={t('systemLog.sourceType')}
          style={{ width: 130 }}
          data-testid="log-filter-source"
          options={LOG_SOURCES.map((s) => ({ value: s, label: t(`systemLog.sources.${s}`) }))}
          onChange={() => form.submit()}
        />
      </Form.Item>
      <Form.Item name="username">
        <Input
          allowClear
          placeholder={t('systemLog.username')}
          maxLength={64}
          style={{ width: 140 }}
          data-testid="log-filter-username"
        />
      </Form.Item>
      <Form.Item name="ip">
        <Input
          allowClear
          placeholder={t('systemLog.ip')}
          maxLength={64}
          style={{ width: 140 }}
          data-testid="log-filter-ip"
        />
      </Form.Item>
      <Form.Item name="keyword">
        <Input
          allowClear
          placeholder={t('systemLog.keywordPlaceholder')}
          maxLength={100}
          style={{ width: 180 }}
          data-testid="log-filter-keyword"
        />
      </Form.Item>
      <Form.Item name="range">
        <DatePicker.RangePicker
          showTime
          allowEmpty={[true, true]}
          presets={presets}
          placeholder={[t('systemLog.startTime'), t('systemLog.endTime')]}
          data-testid="log-filter-range"
          onChange={() => form.submit()}
        />
      </Form.Item>
      <Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="log-search">
            {t('common.search')}
          </Button>
          <Button
            data-testid="log-reset"
            onClick={() => {
              // Empty, not the initial values: those are the filters of the URL the page opened with.
              form.setFieldsValue(EMPTY_FORM);
              form.submit();
            }}
          >
            {t('common.reset')}
          </Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}
