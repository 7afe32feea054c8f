import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/*
 * The parts one feature opens inside another feature's page (a drawer, a dialog). Features do not
 * import each other: a page asks for a slot by name, and the admin shell (app/layouts/feature-slots.ts)
 * says which module fills it. Each part still loads in its own chunk on first open.
 */
export interface FeatureSlots {
  /** meeting-display, opened from the meeting list. */
  displayConfigDrawer: { meetingId: number; open: boolean; onClose: () => void };
  /** dictionary, opened from the meeting list. */
  scheduleEditorDrawer: { meetingId: number; open: boolean; onClose: () => void };
  /** attendance, opened from a guest's detail. */
  manualScanDialog: { meetingId: number; scheduleId: number | null; guestCode?: string; onClose: () => void };
}

export type SlotLoaders = {
  [K in keyof FeatureSlots]: () => Promise<{ default: ComponentType<FeatureSlots[K]> }>;
};

let loaders: SlotLoaders | undefined;

export function provideSlots(given: SlotLoaders): void {
  loaders = given;
}

/** A lazy component for the slot; the module is asked for on first render, after the shell has provided it. */
export function slot<K extends keyof FeatureSlots>(
  name: K,
): LazyExoticComponent<ComponentType<FeatureSlots[K]>> {
  return lazy(() => {
    if (!loaders) throw new Error(`feature slot ${name} rendered before the shell provided it`);
    return loaders[name]();
  });
}
