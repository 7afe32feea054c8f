import type { ReactNode } from 'react';
import { Alert, Flex, Skeleton, Tag, Typography } from 'antd';
import { nameIn } from '@meetflow/shared/languages';
import type { AdmissionSettings } from '@meetflow/shared/schemas/approval';
import type { UserType } from '@meetflow/shared/schemas/dictionary';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import '../i18n.ts';

/** The meeting's admission settings in a few tags, with the button that changes them. */
export function AdmissionSummary(props: {
  settings: AdmissionSettings | undefined;
  loading: boolean;
  failed: boolean;
  types: UserType[] | undefined;
  editButton: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { settings } = props;
  if (props.failed)
    return (
      <Alert type="error" showIcon title={t('approval.settings.loadFailed')} style={{ marginBottom: 16 }} />
    );
  if (!settings) return props.loading ? <Skeleton active paragraph={{ rows: 1 }} /> : null;

  const typeNames = settings.approval_user_type_ids
    .map((id) => props.types?.find((type) => type.id === id))
    .filter((type): type is UserType => type !== undefined)
    .map((type) => nameIn(lang, type.name, type.name_cn, type.name_en));
  const mode =
    settings.approval === 'types'
      ? settings.approval_user_type_ids.length > 0
        ? t('approval.settings.summary.types', {
            types: typeNames.join('、') || settings.approval_user_type_ids.join(', '),
          })
        : t('approval.settings.summary.typesNone')
      : t(`approval.settings.summary.${settings.approval}`);

  return (
    <section
      aria-label={t('approval.settings.title')}
      style={{ marginBottom: 16 }}
      data-testid="admission-summary"
    >
      <Flex wrap align="center" justify="space-between" gap={8}>
        <Typography.Text strong>{t('approval.settings.title')}</Typography.Text>
        {props.editButton}
      </Flex>
      <Flex wrap gap={8} style={{ marginTop: 8 }}>
        <Tag color={settings.approval === 'none' ? undefined : 'blue'} data-testid="admission-mode-tag">
          {mode}
        </Tag>
        {settings.approval !== 'none' && (
          <Tag>
            {t(settings.approval_holds_seat ? 'approval.settings.holdsOn' : 'approval.settings.holdsOff')}
          </Tag>
        )}
        {settings.approval !== 'none' && (
          <Tag>
            {settings.reject_erase_days === 0
              ? t('approval.settings.eraseNow')
              : t('approval.settings.eraseSummary', { count: settings.reject_erase_days })}
          </Tag>
        )}
        <Tag>
          {settings.group_max === 0
            ? t('approval.settings.groupOff')
            : t('approval.settings.groupSummary', { count: settings.group_max })}
        </Tag>
      </Flex>
    </section>
  );
}
