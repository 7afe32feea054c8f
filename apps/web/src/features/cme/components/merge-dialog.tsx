import { useState } from 'react';
import { Alert, Modal, Select, type ButtonProps } from 'antd';
import { useTranslation } from '../../../lib/i18n.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangePerson, useCmePeople, type CmePerson } from '../cme-api.ts';

const testId = (id: string) => ({ 'data-testid': id }) as ButtonProps;

/** Who a person is, for telling namesakes apart in the picker. */
const describe = (person: CmePerson) =>
  [person.name, person.licence_number, person.email].filter(Boolean).join(' · ');

/**
 * Merges another person into this one: the organiser finds them by name, licence number or e-mail,
 * reads what will happen (their meetings move here, they are removed), then confirms.
 */
export function MergeDialog(props: { organizationId: number; person: CmePerson; onClose: () => void }) {
  const { organizationId, person } = props;
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim(), 300);
  const people = useCmePeople(organizationId, { page: 1, page_size: 20, ...(keyword ? { keyword } : {}) });
  const [other, setOther] = useState<CmePerson | null>(null);
  const change = useChangePerson(organizationId);
  const options = (people.data?.items ?? [])
    .filter((candidate) => candidate.id !== person.id)
    .map((candidate) => ({ value: candidate.id, label: describe(candidate), person: candidate }));

  const merge = async () => {
    if (!other) return;
    await change.mutateAsync({ kind: 'merge', personId: person.id, otherId: other.id });
    toast.success(t('cme.merge.done'));
    props.onClose();
  };

  return (
    <Modal
      open
      title={t('cme.merge.title', { name: person.name })}
      okText={t('cme.merge.ok')}
      cancelText={t('cme.cancel')}
      okButtonProps={{ danger: true, disabled: !other, ...testId('cme-merge-confirm') }}
      confirmLoading={change.isPending}
      onOk={() => void merge().catch(() => undefined)}
      onCancel={props.onClose}
    >
      <Select
        showSearch={{ filterOption: false, onSearch: setSearch }}
        style={{ width: '100%' }}
        placeholder={t('cme.merge.search')}
        aria-label={t('cme.merge.searchLabel')}
        loading={people.isFetching}
        notFoundContent={t('cme.merge.noOptions')}
        options={options}
        value={other?.id}
        onChange={(_: number, option) => setOther(Array.isArray(option) ? null : (option?.person ?? null))}
        data-testid="cme-merge-search"
      />
      {other && (
        <Alert
          showIcon
          type="warning"
          style={{ marginTop: 16 }}
          title={t('cme.merge.confirmTitle')}
          description={t('cme.merge.confirmBody', {
            other: describe(other),
            name: describe(person),
            count: other.meetings,
          })}
          data-testid="cme-merge-warning"
        />
      )}
    </Modal>
  );
}
