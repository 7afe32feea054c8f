import { provideSlots } from '../../lib/feature-slots.ts';

// Which feature fills each slot (lib/feature-slots.ts); loaded with the admin shell, before any page.
provideSlots({
  displayConfigDrawer: () =>
    import('../../features/meeting-display/display-config-drawer.tsx').then((m) => ({
      default: m.DisplayConfigDrawer,
    })),
  scheduleEditorDrawer: () =>
    import('../../features/dictionary/schedule-editor-drawer.tsx').then((m) => ({
      default: m.ScheduleEditorDrawer,
    })),
  manualScanDialog: () =>
    import('../../features/attendance/manual-scan-dialog.tsx').then((m) => ({ default: m.ManualScanDialog })),
});
