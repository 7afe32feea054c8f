import { field, useListState } from '../../components/list-toolbar.tsx';

/** The meeting list's page, sort and filters, kept in the URL (a list can be linked and reloaded). */
export function useMeetingListState() {
  return useListState({
    // range: calendar days; the server counts them in its time zone and matches the meetings held on any.
    filters: { organization: field.number(), range: field.dateRange(), keyword: field.string() },
    sizes: [10, 20, 50, 100],
    defaultSize: 10,
    sorts: ['name', 'start_at'],
    defaultSort: { by: 'start_at', order: 'desc' },
  });
}

export type MeetingListState = ReturnType<typeof useMeetingListState>;
