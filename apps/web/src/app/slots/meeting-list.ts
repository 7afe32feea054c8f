import { provideSlots } from '../../lib/feature-slots.ts';

// The meeting list opens meeting-display's and dictionary's drawers (lib/feature-slots.ts).
provideSlots({
  displayConfigDrawer: () =>
    import('../../features/meeting-display/components/display-config-drawer.tsx').then((m) => ({
      default: m.DisplayConfigDrawer,
    })),
  scheduleEditorDrawer: () =>
    import('../../features/dictionary/components/schedule-editor-drawer.tsx').then((m) => ({
      default: m.ScheduleEditorDrawer,
    })),
});

export { default } from '../../features/meetings/meeting-list-page.tsx';
