import { useState } from 'react';
import {
  Button,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Popconfirm,
  Skeleton,
  Typography,
  type ButtonProps,
} from 'antd';
import { ScissorOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { transcriptPath, useChangePerson, useCmePerson } from '../cme-api.ts';
import { formatCredits } from '../cme-logic.ts';
import { EntriesTable } from './entries-table.tsx';
import { MergeDialog } from './merge-dialog.tsx';
import '../i18n.ts';

/** `data-testid` on an antd button inside a Popconfirm. */
const testId = (id: string) => ({ 'data-testid': id }) as ButtonProps;

/**
 * One person's record: the guests linked to them, meeting by meeting, with credits and certificate
 * codes; the transcript as PDF; a merge with another person, or a split of the selected guests.
 */
export default function PersonDrawer(props: {
  organizationId: number;
  personId: number;
  onOpenPerson: (personId: number) => void;
  onClose: () => void;
}) {
  const { organizationId, personId } = props;
  const { t } = useTranslation();
  const lang = currentLanguage();
  const record = useCmePerson(organizationId, personId);
  const change = useChangePerson(organizationId);
  const [selected, setSelected] = useState<number[]>([]);
  const [merging, setMerging] = useState(false);
  const person = record.data?.person;

  const split = async () => {
    const result = await change.mutateAsync({ kind: 'split', personId, guestIds: selected });
    setSelected([]);
    toast.success(t('cme.person.splitDone'));
    props.onOpenPerson(result.person_id);
  };

  return (
    <Drawer
      open
      size="min(1100px, 100vw)"
      title={person ? t('cme.person.title', { name: person.name }) : t('route.cmeRecords')}
      onClose={props.onClose}
    >
      <div data-testid="cme-person-drawer">
        {record.isError && (
          <LoadError
            reason={record.error.message}
            retrying={record.isFetching}
            onRetry={() => void record.refetch()}
          />
        )}
        {record.isLoading && <Skeleton active />}
        {person && record.data && (
          <>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 4 }}
              style={{ marginBottom: 16 }}
              items={[
                { key: 'licence', label: t('cme.person.licence'), children: person.licence_number || '—' },
                { key: 'email', label: t('cme.person.email'), children: person.email || '—' },
                { key: 'meetings', label: t('cme.person.meetings'), children: person.meetings },
                {
                  key: 'credits',
                  label: t('cme.person.credits'),
                  children: <span data-testid="cme-person-credits">{formatCredits(person.credits)}</span>,
                },
              ]}
            />
            <Flex wrap gap={8} style={{ marginBottom: 12 }}>
              <ExportButton
                type="primary"
                path={transcriptPath(personId, lang)}
                fallbackName="transcript.pdf"
                label={t('cme.person.download')}
                texts={{ busy: t('cme.person.downloading'), done: t('cme.person.downloaded') }}
                data-testid="cme-transcript-download"
              />
              <Button
                icon={<UsergroupAddOutlined />}
                onClick={() => setMerging(true)}
                data-testid="cme-merge"
              >
                {t('cme.person.merge')}
              </Button>
              <Popconfirm
                title={t('cme.person.splitTitle', { count: selected.length })}
                description={<div style={{ maxWidth: 320 }}>{t('cme.person.splitBody')}</div>}
                okText={t('cme.person.splitOk')}
                cancelText={t('cme.cancel')}
                okButtonProps={testId('cme-split-confirm')}
                onConfirm={() => split().catch(() => undefined)}
                disabled={selected.length === 0}
              >
                <Button
                  icon={<ScissorOutlined />}
                  disabled={selected.length === 0}
                  loading={change.isPending && change.variables?.kind === 'split'}
                  data-testid="cme-split"
                >
                  {t('cme.person.split')}
                </Button>
              </Popconfirm>
            </Flex>
            {record.data.entries.length > 1 && (
              <Typography.Paragraph type="secondary">{t('cme.person.splitHint')}</Typography.Paragraph>
            )}
            {record.data.entries.length === 0 ? (
              <Empty description={t('cme.person.noEntries')} />
            ) : (
              <EntriesTable detail={record.data} lang={lang} selected={selected} onSelect={setSelected} />
            )}
            {merging && (
              <MergeDialog
                organizationId={organizationId}
                person={person}
                onClose={() => setMerging(false)}
              />
            )}
          </>
        )}
      </div>
    </Drawer>
  );
}
