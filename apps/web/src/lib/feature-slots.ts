import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Meeting } from '@meetflow/shared/schemas/meetings';

/*
 * The parts one feature opens inside another feature's page (a drawer, a dialog). Features do not
 * import each other: a page asks for a slot by name, and app/slots/<page>.ts — the module the route
 * loads in the page's place — says which module fills it. Each part still loads in its own chunk on
 * first open, and because the import sits in the page's own chunk, the bundler knows what that page
 * has already loaded (a slot filled from the shell split Ant Design's radio out of the first screen).
 */
export interface FeatureSlots {
  /** meeting-display, opened from the meeting list. */
  displayConfigDrawer: { meetingId: number; open: boolean; onClose: () => void };
  /** dictionary, opened from the meeting list and the waiting-list page (a session's list settings). */
  scheduleEditorDrawer: { meetingId: number; open: boolean; onClose: () => void };
  /** meetings' edit form, opened from the waiting-list page (the meeting's list settings). */
  meetingFormDrawer: { meeting: Meeting; open: boolean; onClose: () => void };
  /** attendance, opened from a guest's detail. */
  manualScanDialog: { meetingId: number; scheduleId: number | null; guestCode?: string; onClose: () => void };
}

export type SlotLoaders = {
  [K in keyof FeatureSlots]: () => Promise<{ default: ComponentType<FeatureSlots[K]> }>;
};

const loaders: Partial<SlotLoaders> = {};

export function provideSlots(given: Partial<SlotLoaders>): void {
  Object.assign(loaders, given);
}

/** A lazy component for the slot; the module is asked for on first render, after the shell has provided it. */
export function slot<K extends keyof FeatureSlots>(
  name: K,
): LazyExoticComponent<ComponentType<FeatureSlots[K]>> {
  return lazy(() => {
    const load = loaders[name];
    if (!load) throw new Error(`feature slot ${name} rendered before its page provided it`);
    return load();
  });
}
