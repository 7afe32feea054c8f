import { useState } from 'react';
import { Flex, Form, Input, Radio, Select, Typography } from 'antd';
import { BADGE_LAYOUTS, type BadgeLayout } from '@meetflow/shared/schemas/certificates';
import { nameIn } from '@meetflow/shared/languages';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { useUserTypes } from '../../../lib/dictionary-queries.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { badgePath } from '../certificate-logic.ts';

/** Name badges of the meeting's live guests, as label sheets or one per page for a badge printer. */
export function BadgesTab({ meetingId }: { meetingId: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const userTypes = useUserTypes(meetingId);
  const [layout, setLayout] = useState<BadgeLayout>('a4_2x4');
  const [keyword, setKeyword] = useState('');
  const [userTypeId, setUserTypeId] = useState<number>();

  return (
    <Form layout="vertical" style={{ maxWidth: 760 }} data-testid="certificate-badges">
      <Form.Item label={t('certificates.badges.layout')}>
        <Radio.Group
          value={layout}
          onChange={(event) => setLayout(event.target.value as BadgeLayout)}
          aria-label={t('certificates.badges.layout')}
          data-testid="badge-layout"
        >
          <Flex vertical gap={8}>
            {BADGE_LAYOUTS.map((l) => (
              <Radio key={l} value={l} data-testid={`badge-layout-${l}`}>
                {t(`certificates.badges.layouts.${l}`)}
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Form.Item>
      <Flex wrap gap={16}>
        <Form.Item label={t('certificates.badges.keywordLabel')}>
          <Input
            allowClear
            placeholder={t('certificates.badges.keyword')}
            aria-label={t('certificates.badges.keywordLabel')}
            style={{ width: 260 }}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            maxLength={100}
            data-testid="badge-keyword"
          />
        </Form.Item>
        <Form.Item label={t('certificates.badges.userType')}>
          <Select
            allowClear
            placeholder={t('certificates.badges.allUserTypes')}
            aria-label={t('certificates.badges.userType')}
            style={{ width: 220 }}
            loading={userTypes.isLoading}
            value={userTypeId}
            onChange={(id?: number) => setUserTypeId(id)}
            options={(userTypes.data ?? []).map((u) => ({
              value: u.id,
              label: nameIn(lang, u.name, u.name_cn, u.name_en),
            }))}
            data-testid="badge-user-type"
          />
        </Form.Item>
      </Flex>
      <Typography.Paragraph type="secondary">{t('certificates.badges.hint')}</Typography.Paragraph>
      <ExportButton
        type="primary"
        path={badgePath(meetingId, { layout, keyword, userTypeId })}
        fallbackName="badges.pdf"
        label={t('certificates.badges.download')}
        data-testid="badge-download"
      />
    </Form>
  );
}
