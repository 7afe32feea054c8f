import { provideSlots } from '../../lib/feature-slots.ts';

// The waiting-list page edits its list's settings in meetings' form or dictionary's schedule editor.
provideSlots({
  meetingFormDrawer: () =>
    import('../../features/meetings/components/meeting-form-drawer.tsx').then((m) => ({
      default: m.MeetingFormDrawer,
    })),
  scheduleEditorDrawer: () =>
    import('../../features/dictionary/components/schedule-editor-drawer.tsx').then((m) => ({
      default: m.ScheduleEditorDrawer,
    })),
});

export { default } from '../../features/waitlist/waitlist-page.tsx';
