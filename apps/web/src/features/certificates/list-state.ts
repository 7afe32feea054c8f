import { CERTIFICATE_STATES, type CertificateState } from '@meetflow/shared/schemas/certificates';
import { field, type ListState, type ListStateOptions } from '../../lib/use-list-state.ts';

export const TABS = ['certificates', 'rule', 'template', 'badges'] as const;
export type TabKey = (typeof TABS)[number];

export interface CertificatesFilters {
  meeting: number;
  tab: TabKey;
  state: CertificateState;
  keyword: string;
}

/** What the page keeps in the URL: the meeting, the tab, and the certificate list's page and filters. */
export const LIST_OPTIONS: ListStateOptions<CertificatesFilters, never> = {
  filters: {
    meeting: field.number(),
    tab: field.enum(TABS),
    state: field.enum(CERTIFICATE_STATES),
    keyword: field.string(),
  },
  sizes: [20, 50, 100],
  defaultSize: 20,
};

export type CertificatesListState = ListState<CertificatesFilters, never>;
