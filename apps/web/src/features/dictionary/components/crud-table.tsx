import { useState, type ReactNode } from 'react';
import {
  Button,
  Flex,
  Form,
  Modal,
  Popconfirm,
  Space,
  Table,
  type FormInstance,
  type TableColumnsType,
} from 'antd';
import { ListToolbar, useTableView } from '../../../components/list-toolbar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { Auth, usePermission } from '../../../components/permission.tsx';
import type { CrudApi } from '../dictionary-api.ts';
import '../i18n.ts';

export const EDIT_PERMISSION = 'dictionary:edit';

export interface CrudTableProps<T extends { id: number }, V extends object, B> {
  /** The toolbar's refresh: reads the rows again. */
  onRefresh: () => void;
  rows: T[] | undefined;
  loading: boolean;
  columns: TableColumnsType<T>;
  api: CrudApi<B>;
  titles: { add: string; edit: string };
  /** Form field names: server field errors land on these. */
  fieldNames: readonly string[];
  /** Form values of an existing row (edit) and of a new one (add). */
  toValues: (row: T) => V;
  newValues?: () => Partial<V>;
  toBody: (values: V) => B;
  renderFields: (form: FormInstance<V>) => ReactNode;
  /** Test ids: `${prefix}-add`, `${prefix}-form`, `${prefix}-form-submit`, `${prefix}-table`, rows' edit/delete. */
  testIdPrefix: string;
  emptyText?: ReactNode;
  toolbar?: ReactNode;
  addDisabled?: boolean;
  modalWidth?: number;
  /** Changing this number opens the add dialog (dialog routes link straight to it). */
  addRequest?: number;
  /** Whether the user may change a row (null: add a new one); all of them when absent. */
  canChange?: (row: T | null) => boolean;
}

/**
 * A dictionary list: table, add/edit modal form and delete with confirmation. Write actions are
 * shown only with dictionary:edit (the server refuses them anyway).
 */
export function CrudTable<T extends { id: number }, V extends object, B>(props: CrudTableProps<T, V, B>) {
  const { t } = useTranslation();
  const { hasAny } = usePermission();
  const [form] = Form.useForm<V>();
  // undefined: closed; null: adding; a row: editing it.
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const prefix = props.testIdPrefix;
  const canChange = (row: T | null) => props.canChange?.(row) ?? true;

  const close = () => setEditing(undefined);

  // A new add request opens the add dialog (state adjusted while rendering, as React advises).
  const [seenAddRequest, setSeenAddRequest] = useState<number>();
  if (props.addRequest !== seenAddRequest) {
    setSeenAddRequest(props.addRequest);
    if (props.addRequest && canChange(null)) setEditing(null);
  }

  const onFinish = async (values: V) => {
    setSaving(true);
    try {
      const body = props.toBody(values);
      if (editing) await props.api.update(editing.id, body);
      else await props.api.create(body);
      toast.success(t(editing ? 'message.editSuccess' : 'message.addSuccess'));
      close();
    } catch (error) {
      if (error instanceof ApiError) {
        form.setFields(fieldErrors(error.data, props.fieldNames) as Parameters<typeof form.setFields>[0]);
      }
    } finally {
      setSaving(false);
    }
  };

  const onDelete = async (row: T) => {
    try {
      await props.api.remove(row.id);
      toast.success(t('message.deleteSuccess'));
    } catch {
      // The HTTP client has already shown the server's reason (e.g. "still used by sessions").
    }
  };

  const actions: TableColumnsType<T>[number] = {
    title: t('dictionary.actions'),
    key: 'actions',
    // Always in view at the table's right edge, however wide the other columns make it (1366 px screens).
    fixed: 'right',
    width: 150,
    render: (_value, row) =>
      canChange(row) && (
        <Space size="small">
          <Button
            type="link"
            size="small"
            onClick={() => setEditing(row)}
            data-testid={`${prefix}-edit-${row.id}`}
          >
            {t('dictionary.edit')}
          </Button>
          <Popconfirm
            title={t('dictionary.deleteConfirm')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => onDelete(row)}
          >
            <Button type="link" size="small" danger data-testid={`${prefix}-delete-${row.id}`}>
              {t('dictionary.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
  };

  const view = useTableView(hasAny(EDIT_PERMISSION) ? [...props.columns, actions] : props.columns, 'medium');

  return (
    <>
      <Flex justify="space-between" align="center" gap="middle" wrap style={{ marginBottom: 16 }}>
        <div>{props.toolbar}</div>
        <Auth value={EDIT_PERMISSION}>
          {canChange(null) && (
            <Button
              type="primary"
              onClick={() => setEditing(null)}
              disabled={props.addDisabled}
              data-testid={`${prefix}-add`}
            >
              {props.titles.add}
            </Button>
          )}
        </Auth>
      </Flex>
      <ListToolbar
        view={view}
        total={props.rows?.length}
        onRefresh={props.onRefresh}
        refreshing={props.loading}
      />
      <Table<T>
        rowKey="id"
        size={view.size}
        loading={props.loading}
        dataSource={props.rows ?? []}
        columns={view.columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={props.emptyText ? { emptyText: props.emptyText } : undefined}
        data-testid={`${prefix}-table`}
      />
      <Modal
        open={editing !== undefined}
        title={editing ? props.titles.edit : props.titles.add}
        onCancel={close}
        destroyOnHidden
        width={props.modalWidth ?? 560}
        footer={[
          <Button key="cancel" onClick={close}>
            {t('common.cancel')}
          </Button>,
          <Button
            key="submit"
            type="primary"
            loading={saving}
            onClick={() => form.submit()}
            data-testid={`${prefix}-form-submit`}
          >
            {t('common.submit')}
          </Button>,
        ]}
      >
        {editing !== undefined && (
          <Form<V>
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={editing ? props.toValues(editing) : props.newValues?.()}
            onFinish={onFinish}
            data-testid={`${prefix}-form`}
          >
            {props.renderFields(form)}
          </Form>
        )}
      </Modal>
    </>
  );
}
