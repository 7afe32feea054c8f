import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Meeting, MeetingListQuery } from '@meetflow/shared/schemas/meetings';
import { LightTable, type SortOrder } from '../../components/light-table.tsx';
import { ListToolbar, useTableView } from '../../components/list-toolbar.tsx';
import { PageCard, PageTitle } from '../../components/page-frame.tsx';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { emptyTextFor } from '../../components/load-error.tsx';
import { usePermission } from '../../components/permission.tsx';
import { slot } from '../../lib/feature-slots.ts';
import { evaluationsLink } from '../../lib/evaluations.ts';
import { paymentSetupLink } from '../../lib/payment-setup.ts';
import { copyText } from '../../lib/clipboard.ts';
import { publicLink } from './meeting-text.ts';
import { useDeleteMeeting, useMeetingPage } from './meetings-api.ts';
import { useMeetingListState } from './use-meeting-list-state.ts';
import type { MeetingAction } from './components/meeting-row-actions.tsx';
import { meetingColumns } from './components/meeting-list-columns.tsx';
import { MeetingListFilters } from './components/meeting-list-filters.tsx';
import './i18n.ts';
import './meeting-list.css';

// The drawers load when first opened: the list itself stays light for the first screen of the back office.
const DeleteMeetingConfirm = lazy(() =>
  import('./components/delete-meeting-confirm.tsx').then((m) => ({ default: m.DeleteMeetingConfirm })),
);
const MeetingFormDrawer = lazy(() =>
  import('./components/meeting-form-drawer.tsx').then((m) => ({ default: m.MeetingFormDrawer })),
);

const MeetingViewDrawer = lazy(() =>
  import('./components/meeting-view-drawer.tsx').then((m) => ({ default: m.MeetingViewDrawer })),
);

const MailSettingsDrawer = lazy(() =>
  import('./components/mail-settings-drawer.tsx').then((m) => ({ default: m.MailSettingsDrawer })),
);

const PrivacyDrawer = lazy(() =>
  import('./components/privacy-drawer.tsx').then((m) => ({ default: m.PrivacyDrawer })),
);

const FormBuilderDrawer = lazy(() =>
  import('./components/form-builder-drawer.tsx').then((m) => ({ default: m.FormBuilderDrawer })),
);

/** The registration form builder of a row's meeting: its element (once opened) and the opener. */
function useFormBuilderDrawer() {
  const [meeting, setMeeting] = useState<Meeting | null>(null);
  const drawer = meeting && (
    <Suspense fallback={null}>
      <FormBuilderDrawer meeting={meeting} open onClose={() => setMeeting(null)} />
    </Suspense>
  );
  return [drawer, setMeeting] as const;
}

/** A row's link copied, and a meeting deleted once confirmed. */
function useRowCommands() {
  const { t } = useTranslation();
  const remove = useDeleteMeeting();

  async function copy(page: 'sign-up' | 'check-in', meeting: Meeting) {
    if (await copyText(publicLink(page, meeting.public_id))) toast.success(t('message.copySuccess'));
  }

  async function confirmDelete(meeting: Meeting) {
    try {
      await remove.mutateAsync(meeting.id);
      toast.success(t('message.deleteSuccess'));
    } catch {
      // The HTTP client has shown the reason.
    }
  }
  return { copy, confirmDelete };
}

// Other features' drawers, through slots that app/slots/meeting-list.ts fills (lib/feature-slots.ts).
const DisplayConfigDrawer = slot('displayConfigDrawer');
const ScheduleEditorDrawer = slot('scheduleEditorDrawer');

/**
 * The meeting list (spec §2): server-side pagination, sorting and filters, kept in the URL (a list
 * can be linked and reloaded). The route is cached (meta.cache): a tab switch keeps the page as it was.
 */
/** The row actions that open another page of the meeting (its evaluations, its fees). */
function pageLinks(meetingId: number, go: (to: string) => void) {
  return {
    evaluations: () => go(evaluationsLink(meetingId)),
    fees: () => go(paymentSetupLink(meetingId)),
  };
}

/** The delete confirmation, loaded when a meeting is to be deleted (see delete-meeting-confirm.tsx). */
function DeleteConfirm(props: {
  meeting: Meeting | null;
  onDelete: (meeting: Meeting) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { meeting } = props;
  if (meeting === null) return null;
  return (
    <Suspense fallback={null}>
      <DeleteMeetingConfirm
        title={t('meetings.actions.deleteConfirm')}
        onConfirm={() => props.onDelete(meeting)}
        onClose={props.onClose}
      />
    </Suspense>
  );
}

export default function MeetingListPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { hasAny } = usePermission();
  const list = useMeetingListState();
  const { page, size: pageSize, filters } = list;
  const sort = list.sort ?? { by: 'start_at', order: 'desc' };
  const keyword = filters.keyword ?? '';

  const [viewing, setViewing] = useState<Meeting | null>(null);
  const [editing, setEditing] = useState<{ meeting: Meeting | null } | null>(null);
  const [displayFor, setDisplayFor] = useState<number | null>(null);
  const [scheduleFor, setScheduleFor] = useState<number | null>(null);
  const [mailFor, setMailFor] = useState<number | null>(null);
  const [privacyFor, setPrivacyFor] = useState<Meeting | null>(null);
  const [formBuilder, openFormBuilder] = useFormBuilderDrawer();
  const navigate = useNavigate();

  const query: MeetingListQuery = {
    page,
    page_size: pageSize,
    sort_by: sort.by,
    sort_order: sort.order,
    ...(filters.organization ? { organization_id: filters.organization } : {}),
    ...(filters.range?.[0] ? { date_from: filters.range[0] } : {}),
    ...(filters.range?.[1] ? { date_to: filters.range[1] } : {}),
    ...(keyword ? { keyword } : {}),
  };
  const meetings = useMeetingPage(query);
  const { copy, confirmDelete } = useRowCommands();
  const [deleting, setDeleting] = useState<Meeting | null>(null);

  const canEdit = hasAny('meeting:edit');

  function act(action: MeetingAction, meeting: Meeting) {
    const open: Record<MeetingAction, () => void> = {
      view: () => setViewing(meeting),
      copySignup: () => void copy('sign-up', meeting),
      copyCheckin: () => void copy('check-in', meeting),
      edit: () => setEditing({ meeting }),
      editDisplay: () => setDisplayFor(meeting.id),
      mail: () => setMailFor(meeting.id),
      privacy: () => setPrivacyFor(meeting),
      form: () => openFormBuilder(meeting),
      ...pageLinks(meeting.id, (to) => void navigate(to)),
      editSchedule: () => setScheduleFor(meeting.id),
      delete: () => setDeleting(meeting),
    };
    open[action]();
  }

  const columns = meetingColumns({
    t,
    lang,
    list,
    canEdit,
    linkWaitlist: hasAny('guest:view'),
    onAction: act,
  });

  const onSort = (key: string, order: SortOrder | undefined) =>
    list.setSort(
      order && (key === 'name' || key === 'start_at')
        ? { by: key, order: order === 'ascend' ? 'asc' : 'desc' }
        : undefined,
    );

  // Medium density: eight columns share a 1366 px screen with the sidebar.
  const view = useTableView(columns, 'medium');

  return (
    <PageCard>
      <PageTitle>{t('route.meeting')}</PageTitle>
      <MeetingListFilters list={list} onAdd={() => setEditing({ meeting: null })} />
      <ListToolbar
        view={view}
        total={meetings.data?.total}
        onRefresh={() => void meetings.refetch()}
        refreshing={meetings.isFetching}
      />
      {/* The light table: Ant Design's would be a third of the first screen's bytes (light-table.tsx). */}
      <LightTable<Meeting>
        rowKey="id"
        size={view.size}
        columns={view.columns}
        dataSource={meetings.data?.items ?? []}
        loading={meetings.isFetching}
        emptyText={emptyTextFor(meetings)}
        onSort={onSort}
        pagination={{
          current: page,
          pageSize,
          total: meetings.data?.total ?? 0,
          pageSizeOptions: [10, 20, 50, 100],
          onChange: (next, size) => list.setPage(next, size),
        }}
        scrollX={1042}
        className="mf-meeting-table"
        data-testid="meeting-table"
      />
      {viewing !== null && (
        <Suspense fallback={null}>
          <MeetingViewDrawer meeting={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
      {editing !== null && (
        <Suspense fallback={null}>
          <MeetingFormDrawer open meeting={editing.meeting ?? null} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {scheduleFor !== null && (
        <Suspense fallback={null}>
          <ScheduleEditorDrawer meetingId={scheduleFor} open onClose={() => setScheduleFor(null)} />
        </Suspense>
      )}
      {mailFor !== null && (
        <Suspense fallback={null}>
          <MailSettingsDrawer meetingId={mailFor} open onClose={() => setMailFor(null)} />
        </Suspense>
      )}
      {privacyFor !== null && (
        <Suspense fallback={null}>
          <PrivacyDrawer meeting={privacyFor} open onClose={() => setPrivacyFor(null)} />
        </Suspense>
      )}
      {formBuilder}
      {displayFor !== null && (
        <Suspense fallback={null}>
          <DisplayConfigDrawer meetingId={displayFor} open onClose={() => setDisplayFor(null)} />
        </Suspense>
      )}
      <DeleteConfirm meeting={deleting} onDelete={confirmDelete} onClose={() => setDeleting(null)} />
    </PageCard>
  );
}
