import { create } from 'zustand';
import { BASE_Z_INDEX } from '@meetflow/shared/constants';
import { readJson, writeJson } from '../../lib/storage.ts';
import { setProgressEnabled } from '../../lib/progress.ts';
import { accessibleThemeColor } from '../../lib/color-contrast.ts';

export const THEME_PRESETS = [
  '#1677ff',
  '#409eff',
  '#13c2c2',
  '#52c41a',
  '#722ed1',
  '#eb2f96',
  '#fa541c',
  '#2f54eb',
];

export interface LayoutSettings {
  primaryColor: string;
  dark: boolean;
  collapsed: boolean;
  showTabs: boolean;
  progressBar: boolean;
  watermark: boolean;
  /** Switch to the drawer sidebar on narrow screens (spec §2: "gated by a mobile-adaptation setting"). */
  mobileAdaptation: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  primaryColor: THEME_PRESETS[0] ?? '#1677ff',
  dark: false,
  collapsed: false,
  showTabs: true,
  progressBar: true,
  // Off until a user turns it on: see "Layout settings" in apps/web/README.md.
  watermark: false,
  mobileAdaptation: true,
};

const KEY = 'settings';

interface SettingsState extends LayoutSettings {
  update(patch: Partial<LayoutSettings>): void;
  reset(): void;
}

function load(): LayoutSettings {
  const stored = readJson<Partial<LayoutSettings>>(KEY, {});
  // Only known keys with the right type survive, so an old or tampered value cannot break the layout.
  const merged = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof LayoutSettings)[]) {
    const value = stored[key];
    if (typeof value === typeof DEFAULT_SETTINGS[key]) Object.assign(merged, { [key]: value });
  }
  return merged;
}

/** Mirrors settings the non-React parts use (progress bar colour and toggle, dark background). */
function applyToDocument(settings: LayoutSettings) {
  const root = document.documentElement;
  root.style.setProperty('--mf-primary', accessibleThemeColor(settings.primaryColor, settings.dark));
  root.style.setProperty('--mf-z-base', String(BASE_Z_INDEX));
  root.dataset.theme = settings.dark ? 'dark' : 'light';
  setProgressEnabled(settings.progressBar);
}

function pick(state: SettingsState): LayoutSettings {
  const { update: _u, reset: _r, ...settings } = state;
  return settings;
}

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  ...load(),
  update(patch) {
    set(patch);
    const settings = pick(get());
    writeJson(KEY, settings);
    applyToDocument(settings);
  },
  reset() {
    set(DEFAULT_SETTINGS);
    writeJson(KEY, DEFAULT_SETTINGS);
    applyToDocument(DEFAULT_SETTINGS);
  },
}));

applyToDocument(pick(useSettingsStore.getState()));
