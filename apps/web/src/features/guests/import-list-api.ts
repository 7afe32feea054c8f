import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { GuestImportList } from '@meetflow/shared/schemas/imports';
import { http } from '../../lib/http.ts';
import { IMPORT_LIST_FOLLOW_MS, importActive, importsFinished } from './import-status.ts';

/*
 * The guest list's side of bulk import: the meeting's recent imports, for the "import running"
 * banner. The drawer's own calls are in import-api.ts, which loads with the drawer.
 */

/**
 * guests-api.ts's guestsKey, spelled out (a unit test holds them equal): the drawer shares this
 * module, and through it guests-api.ts was split out of the list's chunk into a request of its own.
 */
const guestsKey = ['guests'] as const;

/** Under the guest key: invalidating the guests refreshes the imports too. */
export const guestImportsKey = (meetingId: number) => [...guestsKey, 'imports', meetingId] as const;
export const guestImportKey = (importId: number) => [...guestsKey, 'import', importId] as const;

/** Reads the guest list (and the imports) again. */
export function refreshGuests(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: guestsKey });
}

/**
 * The meeting's recent imports, newest first, followed while one is queued or running; when one
 * finishes, the guest list is read again (it has new guests).
 */
export function useGuestImports(meetingId: number | null, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: guestImportsKey(meetingId ?? 0),
    queryFn: async () => {
      const previous = queryClient.getQueryData<GuestImportList>(guestImportsKey(meetingId ?? 0));
      // Silent: the banner is a convenience, and a poll must not toast.
      const list = await http.get<GuestImportList>(`/meetings/${meetingId}/guest-imports`, { silent: true });
      if (importsFinished(previous, list)) {
        void queryClient.invalidateQueries({ queryKey: [...guestsKey, 'list'] });
      }
      return list;
    },
    enabled: meetingId !== null && enabled,
    refetchInterval: ({ state: { data } }) =>
      data?.items.some(importActive) ? IMPORT_LIST_FOLLOW_MS : false,
  });
}
