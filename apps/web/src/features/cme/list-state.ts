import { field } from '../../components/list-toolbar.tsx';
import type { ListState, ListStateOptions } from '../../lib/use-list-state.ts';

export const TABS = ['people', 'return'] as const;
export type TabKey = (typeof TABS)[number];

export interface CmeFilters {
  organization: number;
  tab: TabKey;
  keyword: string;
  /** The person whose record is open in the drawer. */
  person: number;
  year: number;
}

/** What the page keeps in the URL: the organisation, the tab, the people list's page and search, the open person. */
export const LIST_OPTIONS: ListStateOptions<CmeFilters, never> = {
  filters: {
    organization: field.number(),
    tab: field.enum(TABS),
    keyword: field.string(),
    person: field.number(),
    year: field.number(),
  },
  sizes: [20, 50, 100],
  defaultSize: 20,
};

export type CmeListState = ListState<CmeFilters, never>;
