import { lazy, Suspense } from 'react';
import { nameIn } from '@meetflow/shared/languages';
import { currentLanguage } from '../../../lib/i18n.ts';
import type { Meeting } from '@meetflow/shared/schemas/meetings';
import type { BroadcastFilters } from '@meetflow/shared/schemas/mail';
import { storedAnswers } from '../guest-answers-logic.ts';
import { useGuestDetail } from '../guests-api.ts';
import type { AdminGuest } from '../guests-types.ts';
import type { GuestDrawers } from '../use-guest-drawers.ts';

const GuestDetailDrawer = lazy(() =>
  import('./guest-detail-drawer.tsx').then((m) => ({ default: m.GuestDetailDrawer })),
);
const GuestFormDrawer = lazy(() =>
  import('./guest-form-drawer.tsx').then((m) => ({ default: m.GuestFormDrawer })),
);
const BroadcastDrawer = lazy(() =>
  import('./broadcast-drawer.tsx').then((m) => ({ default: m.BroadcastDrawer })),
);
const ImportDrawer = lazy(() => import('./import-drawer.tsx').then((m) => ({ default: m.ImportDrawer })));

/** Editing needs the guest's sessions and stored answers, which only the detail carries. */
function EditGuest(props: { meetingId: number; guest: AdminGuest; onClose: () => void }) {
  const detail = useGuestDetail(props.guest.id);
  if (!detail.data) return null;
  return (
    <GuestFormDrawer
      meetingId={props.meetingId}
      meetingType={props.guest.meeting_type}
      guest={props.guest}
      scheduleIds={detail.data.enrolments.map((e) => e.schedule_id)}
      answers={storedAnswers(detail.data.answers)}
      onClose={props.onClose}
    />
  );
}

/** The guest list's drawers, each loaded when first opened. */
export function GuestListDrawers(props: {
  drawers: GuestDrawers;
  meeting: Meeting | null;
  broadcastFilters: BroadcastFilters;
  filterLabels: () => { label: string; value: string }[];
}) {
  const lang = currentLanguage();
  const { drawers, meeting } = props;
  const { viewing, editing, broadcasting, importing } = drawers;
  return (
    <>
      {viewing !== null && (
        <Suspense fallback={null}>
          <GuestDetailDrawer guestId={viewing} onClose={() => drawers.setViewing(null)} />
        </Suspense>
      )}
      {broadcasting && meeting && (
        <Suspense fallback={null}>
          <BroadcastDrawer
            meetingId={meeting.id}
            meetingName={nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en)}
            filters={props.broadcastFilters}
            filterLabels={props.filterLabels()}
            onClose={() => drawers.setBroadcasting(false)}
          />
        </Suspense>
      )}
      {importing && meeting && (
        <Suspense fallback={null}>
          <ImportDrawer
            meetingId={meeting.id}
            meetingName={nameIn(lang, meeting.name, meeting.name_cn, meeting.name_en)}
            meetingType={meeting.meeting_type}
            resumeId={importing.resumeId}
            onClose={() => drawers.setImporting(null)}
          />
        </Suspense>
      )}
      {editing !== null && meeting && (
        <Suspense fallback={null}>
          {editing.guest ? (
            <EditGuest
              meetingId={meeting.id}
              guest={editing.guest}
              onClose={() => drawers.setEditing(null)}
            />
          ) : (
            <GuestFormDrawer
              meetingId={meeting.id}
              meetingType={meeting.meeting_type}
              guest={null}
              onClose={() => drawers.setEditing(null)}
            />
          )}
        </Suspense>
      )}
    </>
  );
}
