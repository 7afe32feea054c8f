/**
 * The spec's dialog routes (/system_setting/component/<name>): each opens a dialog of a back-office
 * page, so a dialog can be linked to directly. A dialog route forwards to its page with a query
 * that the page reads once (and then removes), e.g. #/system_setting/dictionary?tab=schedules&meeting=12&dialog=add.
 */
export type DictionaryTab = 'meetingTimes' | 'schedules' | 'userTypes' | 'collegeCategories' | 'entries';
const DICTIONARY_TABS: readonly DictionaryTab[] = [
  'meetingTimes',
  'schedules',
  'userTypes',
  'collegeCategories',
  'entries',
];

export interface DialogRoute {
  /** Spec route name. */
  name: string;
  /** The page that holds the dialog. */
  page: '/system_setting/dictionary' | '/system_setting/organization';
  /** Query the page reads; `meeting` and `parent` are forwarded from the dialog route's own query. */
  query: Record<string, string>;
}

export const DIALOG_ROUTES: readonly DialogRoute[] = [
  { name: 'dictionary_dialog', page: '/system_setting/dictionary', query: { tab: 'entries', dialog: 'add' } },
  {
    name: 'meeting_time_dialog',
    page: '/system_setting/dictionary',
    query: { tab: 'meetingTimes', dialog: 'add' },
  },
  {
    name: 'medical_college_category_dialog',
    page: '/system_setting/dictionary',
    query: { tab: 'collegeCategories', dialog: 'add' },
  },
  { name: 'schedule_dialog', page: '/system_setting/dictionary', query: { tab: 'schedules', dialog: 'add' } },
  {
    name: 'user_type_dialog',
    page: '/system_setting/dictionary',
    query: { tab: 'userTypes', dialog: 'add' },
  },
  {
    name: 'guest_schedule_map_dialog',
    page: '/system_setting/dictionary',
    query: { tab: 'userTypes', dialog: 'map' },
  },
  { name: 'org_dialog', page: '/system_setting/organization', query: { dialog: 'add' } },
];

const FORWARDED = ['meeting', 'parent'] as const;

/** Where a dialog route leads, keeping the ids given in its own query (?meeting=12, ?parent=3). */
export function dialogTarget(route: DialogRoute, search: string): string {
  const own = new URLSearchParams(search);
  const query = new URLSearchParams(route.query);
  for (const key of FORWARDED) {
    const value = own.get(key);
    if (value && /^\d+$/.test(value)) query.set(key, value);
  }
  return `${route.page}?${query.toString()}`;
}

const positiveId = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** What the dictionary page should open; undefined when the query asks for nothing it knows. */
export function parseDictionaryLink(
  params: URLSearchParams,
): { tab: DictionaryTab; meetingId?: number; dialog?: 'add' | 'map' } | undefined {
  const tab = DICTIONARY_TABS.find((t) => t === params.get('tab'));
  if (!tab) return undefined;
  const dialog = params.get('dialog');
  const meetingId = positiveId(params.get('meeting'));
  return {
    tab,
    ...(meetingId ? { meetingId } : {}),
    ...(dialog === 'add' || dialog === 'map' ? { dialog } : {}),
  };
}

/** The organisation page's "add" link: a parent id, or null for a top-level organisation. */
export function parseOrganizationLink(params: URLSearchParams): { parentId: number | null } | undefined {
  if (params.get('dialog') !== 'add') return undefined;
  return { parentId: positiveId(params.get('parent')) ?? null };
}
