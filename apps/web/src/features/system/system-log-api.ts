import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SystemLogFilter, SystemLogPage } from '@meetflow/shared/schemas/system-log';
import { http } from '../../lib/http.ts';

/** The page's filters: the shared contract's, with the presets turned into from/to by the page. */
export type LogFilters = Omit<SystemLogFilter, 'range'>;

/** Only the filters that are set, as query parameters. */
export function logQueryParams(filters: LogFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
}

/** `lang` is part of the key: the server answers contents and IP locations in the request's language. */
export function useSystemLogs(filters: LogFilters, page: number, pageSize: number, lang: string) {
  return useQuery({
    queryKey: ['system-logs', filters, page, pageSize, lang],
    queryFn: () =>
      http.get<SystemLogPage>('/system-logs', {
        params: { ...logQueryParams(filters), page, page_size: pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}

export function logExportPath(filters: LogFilters): string {
  const query = new URLSearchParams(logQueryParams(filters)).toString();
  return query ? `/system-logs/export?${query}` : '/system-logs/export';
}
