import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Empty, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { fieldMessage } from '@meetflow/shared/field-messages';
import { type Schedule, type UserType } from '@meetflow/shared/schemas/dictionary';
import { nameIn } from '@meetflow/shared/languages';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { usePermission } from '../../../components/permission.tsx';
import { EDIT_PERMISSION } from './crud-table.tsx';
import { useSaveScheduleMap, useScheduleMap } from '../dictionary-api.ts';
import {
  changedSets,
  emptySets,
  setsOf,
  toggleCell,
  timeSlotText,
  toggleColumn,
  type ScheduleSets,
} from '../dictionary-logic.ts';
import '../i18n.ts';

/**
 * The guest–schedule map: user types × sessions with a checkbox per cell (and per column), saved in
 * one PUT that replaces the changed sets. Every user type keeps at least one session.
 */
export function ScheduleMapMatrix({ meetingId }: { meetingId: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const canEdit = usePermission().hasAny(EDIT_PERMISSION);
  const map = useScheduleMap(meetingId);
  const save = useSaveScheduleMap(meetingId);
  const original = useMemo(() => setsOf(map.data?.user_types ?? []), [map.data]);
  // Edits hold on to the answer they started from: a fresh answer (after a save, or a session
  // added above) starts over from the server's sets.
  const [edited, setEdited] = useState<{ base: ScheduleSets; sets: ScheduleSets } | null>(null);
  const sets = edited?.base === original ? edited.sets : original;
  const edit = (change: (current: ScheduleSets) => ScheduleSets) =>
    setEdited({ base: original, sets: change(sets) });

  const schedules = map.data?.schedules ?? [];
  const userTypes = map.data?.user_types ?? [];
  const changes = changedSets(original, sets);
  const empty = new Set(emptySets(sets));

  const onSave = async () => {
    try {
      await save.mutateAsync({ user_types: changes });
      toast.success(t('message.saveSuccess'));
    } catch {
      // The HTTP client has shown the server's message.
    }
  };

  const columns: TableColumnsType<UserType> = [
    {
      title: t('dictionary.editor.userType'),
      key: 'name',
      fixed: 'start',
      width: 180,
      render: (_v, row) => (
        <div>
          <div>{nameIn(lang, row.name, row.name_cn, row.name_en)}</div>
          {empty.has(row.id) && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {fieldMessage('scheduleRequired', lang)}
            </Typography.Text>
          )}
        </div>
      ),
    },
    ...schedules.map((s: Schedule): TableColumnsType<UserType>[number] => {
      const ticked = userTypes.filter((u) => sets[u.id]?.includes(s.id)).length;
      return {
        key: `s${s.id}`,
        align: 'center',
        width: 140,
        title: (
          <Flex vertical align="center" gap={2}>
            <span>{nameIn(lang, s.name, s.name_cn, s.name_en)}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[s.date, timeSlotText(s.meeting_time)].filter(Boolean).join(' ')}
            </Typography.Text>
            <Checkbox
              disabled={!canEdit || userTypes.length === 0}
              checked={userTypes.length > 0 && ticked === userTypes.length}
              indeterminate={ticked > 0 && ticked < userTypes.length}
              onChange={(e) => edit((current) => toggleColumn(current, s.id, e.target.checked))}
              aria-label={nameIn(lang, s.name, s.name_cn, s.name_en)}
              data-testid={`schedule-map-column-${s.id}`}
            />
          </Flex>
        ),
        render: (_v, row) => (
          <Checkbox
            disabled={!canEdit}
            checked={sets[row.id]?.includes(s.id) ?? false}
            onChange={(e) => edit((current) => toggleCell(current, row.id, s.id, e.target.checked))}
            aria-label={`${nameIn(lang, row.name, row.name_cn, row.name_en)} / ${nameIn(lang, s.name, s.name_cn, s.name_en)}`}
            data-testid={`schedule-map-cell-${row.id}-${s.id}`}
          />
        ),
      };
    }),
  ];

  return (
    <div data-testid="schedule-map">
      <Flex justify="space-between" align="center" gap="middle" wrap style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('dictionary.editor.mapHelp')}</Typography.Text>
        {canEdit && (
          <Flex align="center" gap="small">
            {changes.length > 0 && (
              <Typography.Text type="warning">{t('dictionary.editor.unsaved')}</Typography.Text>
            )}
            <Button
              type="primary"
              onClick={onSave}
              loading={save.isPending}
              disabled={changes.length === 0 || empty.size > 0}
              data-testid="schedule-map-save"
            >
              {t('dictionary.editor.save')}
            </Button>
          </Flex>
        )}
      </Flex>
      {schedules.length === 0 && !map.isLoading ? (
        <Empty description={t('message.noSchedule')} />
      ) : userTypes.length === 0 && !map.isLoading ? (
        <Alert type="info" showIcon title={t('dictionary.editor.noUserTypes')} />
      ) : (
        <Table<UserType>
          rowKey="id"
          size="small"
          bordered
          loading={map.isLoading}
          dataSource={userTypes}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
    </div>
  );
}
