import { provideSlots } from '../../lib/feature-slots.ts';

// A guest's detail opens attendance's manual check-in dialog (lib/feature-slots.ts).
provideSlots({
  manualScanDialog: () =>
    import('../../features/attendance/components/manual-scan-dialog.tsx').then((m) => ({
      default: m.ManualScanDialog,
    })),
});

export { default } from '../../features/guests/guest-list-page.tsx';
